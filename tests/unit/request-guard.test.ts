import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { allowedHosts, checkRequest } from "../../src/http/request-guard.ts";

const local = allowedHosts("127.0.0.1");
const get = (headers: Record<string, string>, method = "GET") => ({ method, headers });

describe("allowedHosts", () => {
  it("answers to loopback names and addresses, and the --host given, nothing else", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "::1"]) expect(local.includes(host), host).toBe(true);
    for (const host of ["evil.example", "localhost.evil.example", "192.168.1.5", "0.0.0.0", "::", "mybox.local"]) expect(local.includes(host), host).toBe(false);
    const named = allowedHosts("mybox.local");
    expect(named.includes("mybox.local")).toBe(true);
    expect(named.includes("other.local")).toBe(false);
    expect(allowedHosts("::1").includes("::1")).toBe(true);
  });

  it("takes a wildcard --host as this machine's own addresses, and no other", () => {
    const any = allowedHosts("0.0.0.0");
    const own = Object.values(networkInterfaces()).flatMap((addresses) => addresses ?? []).map((address) => address.address);
    for (const address of own) expect(any.includes(address.toLowerCase()), address).toBe(true);
    expect(any.includes("203.0.113.77")).toBe(own.includes("203.0.113.77"));
    expect(any.includes("evil.example")).toBe(false);
    expect(allowedHosts("::").includes("localhost")).toBe(true);
  });
});

describe("checkRequest", () => {
  it("lets a page of this server through, with or without a port, and a client that sends no Origin", () => {
    expect(checkRequest(local, get({ host: "localhost:4321" }))).toBeUndefined();
    expect(checkRequest(local, get({ host: "127.0.0.1:4321", origin: "http://127.0.0.1:4321" }), { sameOriginOnly: true })).toBeUndefined();
    expect(checkRequest(local, get({ host: "[::1]:4321", "sec-fetch-site": "same-origin" }), { sameOriginOnly: true })).toBeUndefined();
    expect(checkRequest(local, get({ host: "LOCALHOST:4321", origin: "http://localhost:4321" }, "POST"))).toBeUndefined();
  });

  it("refuses another Host (DNS rebinding) with the reason and what to do", () => {
    expect(checkRequest(local, get({ host: "evil.example:4321" }))).toBe(
      'Forbidden: the Host "evil.example:4321"; this server answers only to localhost, *.localhost, 127.0.0.1 and [::1]; to open it by another name, start it with --host <that name>',
    );
    for (const host of ["evil.example@localhost:4321", "localhost:4321/x", "[evil]:4321", "", "127.0.0.1 :4321"]) {
      expect(checkRequest(local, get({ host })), host).toMatch(/^Forbidden: the Host /);
    }
    expect(checkRequest(local, get({}))).toMatch(/^Forbidden: the Host is missing; /);
  });

  it("refuses a request from a page of another origin, another port of this machine included", () => {
    for (const origin of ["http://evil.example", "http://localhost:9999", "https://localhost:4321", "null", "http://127.0.0.1:4321"]) {
      expect(checkRequest(local, get({ host: "localhost:4321", origin }), { sameOriginOnly: true }), origin).toBe(
        `Forbidden: a page of ${JSON.stringify(origin)} may not use this server (only its own pages, at http://localhost:4321)`,
      );
    }
  });

  it("refuses a write without an Origin, and writes and same-origin-only reads from another site's page", () => {
    expect(checkRequest(local, get({ host: "localhost:4321" }, "POST"))).toBe("Forbidden: a write must come from a page of this server (it has no Origin)");
    // An <img> or <script> pointed at the event stream sends no Origin, but says where it comes from.
    for (const site of ["cross-site", "same-site"]) {
      expect(checkRequest(local, get({ host: "localhost:4321", "sec-fetch-site": site }), { sameOriginOnly: true }), site).toBe(
        `Forbidden: only this server's own pages may use this address (the request came from a ${site} page)`,
      );
      // A page itself may be linked to from anywhere.
      expect(checkRequest(local, get({ host: "localhost:4321", "sec-fetch-site": site }))).toBeUndefined();
    }
  });
});
