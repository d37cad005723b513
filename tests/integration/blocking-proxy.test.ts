import { createHash } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { startBlockingProxy, type BlockingProxy } from "../helpers/engines/blocking-proxy.ts";

// The proxy Firefox and WebKit browse through: a browser that resets a connection must not end the
// test run with an uncaught ECONNRESET (it did once in CI, after a WebKit test).
let proxy: BlockingProxy | undefined;
afterEach(() => proxy?.close());

test("a CONNECT refused and then reset by the browser is recorded and raises nothing", async () => {
  proxy = await startBlockingProxy();
  const [host, port] = proxy.address.split(":");
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), host, () => {
        socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
        // A reset, not a close: what a browser does with a connection it gave up on.
        setTimeout(() => {
          socket.resetAndDestroy();
          setTimeout(resolve, 100);
        }, 0);
      });
      socket.on("error", reject);
    });
  } finally {
    process.off("uncaughtException", record);
  }
  expect(uncaught).toEqual([]);
  expect(proxy.blocked).toEqual(["https://example.com:443"]);
});

test("the script it puts into a page is allowed by the page's Content-Security-Policy, by its hash", async () => {
  // `gopher-site serve` sends the site's policy, which allows no inline script of its own.
  const policies = ["default-src 'self'; script-src 'self'; form-action 'self'", "default-src 'self'; object-src 'none'"];
  const site = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html", "content-security-policy": policies[Number(request.url!.slice(1))]! }).end("<!doctype html><html><head><title>t</title></head></html>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  proxy = await startBlockingProxy();
  proxy.inject = "window.recorded = [];";
  const hash = `'sha256-${createHash("sha256").update(proxy.inject).digest("base64")}'`;
  const [host, port] = proxy.address.split(":");
  const through = (page: number) =>
    new Promise<{ policy: string; html: string }>((resolve, reject) => {
      const url = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}/${page}`;
      http.get({ host, port: Number(port), path: url }, (response) => {
        let html = "";
        response.on("data", (chunk: Buffer) => (html += chunk));
        response.on("end", () => resolve({ policy: String(response.headers["content-security-policy"]), html }));
      }).on("error", reject);
    });
  try {
    const [withScripts, withDefault] = [await through(0), await through(1)];
    expect(withScripts.html).toContain("<head><script>window.recorded = [];</script><title>");
    expect(withScripts.policy).toBe(`default-src 'self'; script-src 'self' ${hash}; form-action 'self'`);
    expect(withDefault.policy).toBe(`default-src 'self'; object-src 'none'; script-src 'self' ${hash}`);
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});
