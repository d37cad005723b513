import { mkdtemp } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import { BlockList, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { writeOwnerFile } from "../../src/online/owner-files.ts";
import { openOwnerStore } from "../../src/online/owner-store.ts";
import { signInRoutes } from "../../src/online/sign-in-routes.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// The e-mailed link points at the site's own address, siteUrl's, its port included
// (https://shop.example.org:8443, a proxy on 8443), whatever port the asker's Host named.
let folder: string;
let server: Server;
afterAll(async () => {
  server?.close();
  if (folder) await removeDir(folder);
});

it("the e-mailed link keeps the site's own port, never the asker's", async () => {
  folder = await mkdtemp(path.join(tmpdir(), "review-owners-"));
  await writeOwnerFile(folder, "owners.json", { owners: [{ email: "owner@example.com", added: new Date().toISOString() }] });
  const store = openOwnerStore(folder);
  const trusted = new BlockList();
  trusted.addAddress("127.0.0.1");
  let sent = "";
  const { routes } = signInRoutes({
    store,
    siteName: "Shop",
    sendLink: async (_email, url) => void (sent = url),
    trusted,
    hostAllowed: (hostname) => hostname === "shop.example.org",
    siteUrl: new URL("https://shop.example.org:8443"),
    addressOf: () => "203.0.113.9",
    scripts: new Map(),
    log: terminalLog().log,
  });
  const login = routes.find((route) => route.path === "/__editor/login")!;
  server = createServer((request, response) => void login.handle(request, response, "/__editor/login"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const body = "email=owner%40example.com";
  const ask = (host: string) => new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/__editor/login",
        setHost: false,
        headers: {
          host,
          "x-forwarded-proto": "https",
          "x-forwarded-for": "203.0.113.9",
          origin: `https://${host}`,
          "sec-fetch-site": "same-origin",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(body.length),
        },
      },
      (response) => (response.resume(), resolve(response.statusCode!)),
    );
    req.on("error", reject);
    req.end(body);
  });
  for (const host of ["shop.example.org:8443", "shop.example.org:9999"]) {
    sent = "";
    expect(await ask(host)).toBe(303);
    for (let i = 0; i < 100 && !sent; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent, host).toMatch(/^https:\/\/shop\.example\.org:8443\/__editor\/login\/[A-Za-z0-9_-]{43}$/);
  }
});
