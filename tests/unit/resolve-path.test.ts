import { describe, expect, it } from "vitest";
import { resolveRequestPath } from "../../src/http/resolve-path.ts";

const root = "/srv/site";

describe("resolveRequestPath", () => {
  it("maps clean URLs to .html and folder index files", () => {
    expect(resolveRequestPath(root, "/")).toEqual({ kind: "candidates", files: ["/srv/site/index.html"], path: "/" });
    expect(resolveRequestPath(root, "/about?x=1")).toEqual({
      kind: "candidates",
      files: ["/srv/site/about", "/srv/site/about.html", "/srv/site/about/index.html"],
      path: "/about",
    });
    expect(resolveRequestPath(root, "/assets/site.abc.css")).toEqual({
      kind: "candidates",
      files: ["/srv/site/assets/site.abc.css"],
      path: "/assets/site.abc.css",
    });
    expect(resolveRequestPath(root, "//%61ssets/x.css")).toMatchObject({ path: "/assets/x.css" });
  });

  it.each(["/_headers", "//_headers", "/%5Fheaders", "/_headers?x", "/_redirects"])("never serves the host's settings: %s", (url) => {
    expect(resolveRequestPath(root, url)).toMatchObject({ kind: "error", status: 404 });
  });

  it("serves the web's well-known folder (security.txt, verification files), no other dot-folder", () => {
    expect(resolveRequestPath(root, "/.well-known/security.txt")).toEqual({
      kind: "candidates",
      files: ["/srv/site/.well-known/security.txt"],
      path: "/.well-known/security.txt",
    });
    expect(resolveRequestPath(root, "/.well-knownx/a")).toMatchObject({ kind: "error", status: 404 });
  });

  it("redirects a trailing slash to the canonical path, keeping the query", () => {
    expect(resolveRequestPath(root, "/about/?utm_source=x")).toEqual({ kind: "redirect", location: "/about?utm_source=x" });
    // Never to another site: `//host` in a Location header is a protocol-relative address.
    expect(resolveRequestPath(root, "//evil.example/")).toEqual({ kind: "redirect", location: "/evil.example" });
    expect(resolveRequestPath(root, "///evil.example/")).toEqual({ kind: "redirect", location: "/evil.example" });
  });

  it.each([
    "/../etc/passwd",
    "/%2e%2e/etc/passwd",
    "/%2E%2E%2Fetc%2Fpasswd",
    "/blog/../../etc/passwd",
    "/.git/config",
    "/blog/.well-known/x",
    "/.well-known/.hidden",
    "/./about",
  ])("never leaves the root: %s", (url) => {
    expect(resolveRequestPath(root, url)).toEqual({ kind: "error", status: 404, path: decodeURIComponent(url) });
  });

  it("answers malformed, absolute-looking and over-long URLs with an error status", () => {
    expect(resolveRequestPath(root, "/%E0%A4%A")).toEqual({ kind: "error", status: 400 });
    expect(resolveRequestPath(root, "/a%00b")).toEqual({ kind: "error", status: 400 });
    expect(resolveRequestPath(root, "/a%5c..%5cb")).toEqual({ kind: "error", status: 400 });
    expect(resolveRequestPath(root, "http://evil.test/x")).toEqual({ kind: "error", status: 400 });
    expect(resolveRequestPath(root, `/${"a".repeat(5000)}`)).toEqual({ kind: "error", status: 414 });
  });
});
