import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFile, type HeaderRule } from "../../src/hosting/headers-file.ts";
import { freePort } from "../helpers/free-port.ts";
import { startCaddy } from "../helpers/host-servers.ts";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

// The owner's own server (docs/own-server.md): the real Caddy with `host-config caddy --editor`'s
// block in front of a stand-in for `serve --editor`, and systemd's own reading of `host-config systemd`.
const SITE_POLICY = "default-src 'self'; frame-ancestors 'none'; upgrade-insecure-requests";
const EDITOR_POLICY = "default-src 'self'; frame-src 'self'";
const RULES: HeaderRule[] = [
  { path: "/*", headers: [["Content-Security-Policy", SITE_POLICY], ["Strict-Transport-Security", "max-age=31536000"]] },
  { path: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
];
const folders = temporaryFolders("gopher-own-server-");

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

describe("Caddy with host-config caddy --editor", () => {
  let serve: Server;
  const seen: Seen[] = [];
  let caddy: Awaited<ReturnType<typeof startCaddy>>;
  let httpPort: number;
  let httpsPort: number;
  // The built site of every test here (temporaryFolders' go after each test).
  let project: string;

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), "gopher-own-server-caddy-"));
    const dist = path.join(project, "dist");
    mkdirSync(path.join(dist, "assets"), { recursive: true });
    writeFileSync(path.join(dist, "_headers"), headersFile(RULES));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Home</title>\n");
    writeFileSync(path.join(dist, "404.html"), "<!doctype html><title>Not found</title>\n");
    writeFileSync(path.join(dist, "assets", "site.css"), "body { color: green }\n");
    // Stands in for serve --editor: says what reached it, with the editor's own policy.
    serve = createServer((request, response) => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers });
      request.resume();
      response.writeHead(200, { "content-type": "text/plain", "content-security-policy": EDITOR_POLICY }).end(`serve: ${request.method} ${request.url}`);
    });
    await new Promise<void>((resolve) => serve.listen(0, "127.0.0.1", resolve));
    const servePort = (serve.address() as AddressInfo).port;
    const config = await runCli(["host-config", "caddy", "--editor", "--domain", "localhost", "--lead-server", `127.0.0.1:${servePort}`, "--out", dist, "-q"]);
    expect(config.stderr).toBe("");
    expect(config.code).toBe(0);
    // A port found free can be taken before Caddy binds it (other runs share the machine): try again.
    for (let attempt = 1; ; attempt++) {
      [httpPort, httpsPort] = [await freePort(), await freePort()];
      // localhost gets a certificate of Caddy's own authority, never trusted here: nothing is installed.
      caddy = await startCaddy(`{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\n\n${config.stdout}`);
      if (await untilAnswering(() => caddy.exited())) break;
      await caddy.close();
      if (attempt === 3 || !/address already in use/i.test(caddy.output())) throw new Error(`Caddy did not start:\n${caddy.output()}`);
    }
  }, 60_000);

  afterAll(async () => {
    await caddy?.close();
    await new Promise((resolve) => serve?.close(resolve));
    if (project) await removeDir(project);
  });

  /** Asks Caddy over HTTPS for `localhost`, its certificate not checked. */
  function overHttps(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
    return ask(httpsRequest, { port: httpsPort, servername: "localhost", rejectUnauthorized: false }, pathname, options);
  }

  async function untilAnswering(exited: () => boolean): Promise<boolean> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !exited()) {
      try {
        await overHttps("/assets/site.css");
        return true;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return false;
  }

  it("sends /__editor and everything under it to serve, told it came over HTTPS whatever the visitor wrote, with the editor's headers alone", async () => {
    for (const pathname of ["/__editor", "/__editor/", "/__editor/app.4f2a.js", "/__editor/sign-in?token=abc"]) {
      seen.length = 0;
      const answer = await overHttps(pathname, { headers: { "X-Forwarded-Proto": "http", "X-Real-IP": "203.0.113.9" } });
      expect([answer.status, answer.body], pathname).toEqual([200, `serve: GET ${pathname}`]);
      expect(answer.headers["content-security-policy"], pathname).toBe(EDITOR_POLICY);
      expect(answer.headers["strict-transport-security"], pathname).toBeUndefined();
      expect(seen).toHaveLength(1);
      expect(seen[0]!.headers["x-forwarded-proto"], pathname).toBe("https");
      expect(seen[0]!.headers["x-real-ip"], pathname).toBe("127.0.0.1");
      expect(seen[0]!.headers.host, pathname).toBe(`localhost:${httpsPort}`);
    }
    seen.length = 0;
    const post = await overHttps("/__editor/api/publish", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect([post.status, seen.map(({ method, url }) => `${method} ${url}`)]).toEqual([200, ["POST /__editor/api/publish"]]);
  });

  it("redirects plain HTTP to HTTPS before anything reaches serve", async () => {
    seen.length = 0;
    for (const pathname of ["/__editor/", "/"]) {
      const answer = await ask(httpRequest, { port: httpPort }, pathname, { headers: { "X-Forwarded-Proto": "https" } });
      expect(answer.status, pathname).toBe(308);
      expect(answer.headers.location, pathname).toMatch(new RegExp(`^https://localhost(?::${httpsPort})?${pathname.replace(/[/_]/g, "\\$&")}$`));
    }
    expect(seen).toEqual([]);
  });

  it("serves the site: the form's posts and the pages through serve, the files from the folder with the site's policy, upgrade-insecure-requests kept", async () => {
    seen.length = 0;
    const lead = await overHttps("/api/lead", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=Kim" });
    const page = await overHttps("/about");
    expect([lead.body, page.body]).toEqual(["serve: POST /api/lead", "serve: GET /about"]);
    expect(seen.map((each) => each.headers["x-forwarded-proto"])).toEqual(["https", "https"]);
    const css = await overHttps("/assets/site.css");
    expect([css.status, css.body]).toEqual([200, "body { color: green }\n"]);
    expect(css.headers["content-security-policy"]).toBe(SITE_POLICY);
    expect(css.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await overHttps("/assets/nope.css");
    expect([missing.status, missing.body]).toEqual([404, "<!doctype html><title>Not found</title>\n"]);
  });
});

describe("host-config systemd", () => {
  const analyze = spawnSync("sh", ["-c", "command -v systemd-analyze"], { encoding: "utf8" }).stdout.trim();

  it(`prints a unit that ${analyze ? "systemd-analyze verify takes, rated OK by systemd-analyze security" : "is checked by its text alone (systemd-analyze is not installed)"}`, async () => {
    const project = folders();
    writeFileSync(path.join(project, "site.yaml"), "");
    const result = await runCli(["host-config", "systemd", "--user", "gopher-site", "--port", "8790"], { cwd: project });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const unit = result.stdout;
    expect(unit).toContain(`\nWorkingDirectory=${project}\n`);
    expect(unit).toContain(`\nExecStart=${process.execPath} ${path.resolve(import.meta.dirname, "../../bin/gopher-site.js")} serve --editor --port 8790\n`);
    expect(unit).toContain(`\nReadWritePaths=${project}\n`);
    if (!analyze) {
      console.warn("systemd-analyze is not installed: host-config systemd's unit is checked by its text alone");
      return;
    }
    const file = path.join(folders(), "gopher-site.service");
    writeFileSync(file, unit);
    const verify = spawnSync(analyze, ["verify", file], { encoding: "utf8" });
    expect(verify.stderr).toBe("");
    expect(verify.status).toBe(0);
    // It is systemd's reading for real: a mistyped value and an unknown key are reported.
    const broken = path.join(path.dirname(file), "broken.service");
    writeFileSync(broken, unit.replace("ProtectSystem=strict", "ProtectSystem=strictly").replace("Restart=on-failure", "Restarts=on-failure"));
    const refused = spawnSync(analyze, ["verify", broken], { encoding: "utf8" });
    expect(refused.stderr).toContain("Unknown key 'Restarts' in section [Service]");
    expect(refused.stderr).toContain("Failed to parse protect system value, ignoring: strictly");
    const security = execFileSync(analyze, ["security", "--offline=true", file], { encoding: "utf8" });
    const exposure = Number(/Overall exposure level for gopher-site\.service: ([\d.]+)/.exec(security)?.[1]);
    expect(exposure, security).toBeLessThanOrEqual(2);
  });
});

/** One request, its whole answer read. */
function ask(
  send: typeof httpRequest | typeof httpsRequest,
  target: { port: number; servername?: string; rejectUnauthorized?: boolean },
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = send(
      { host: "127.0.0.1", ...target, path: pathname, method: options.method ?? "GET", headers: { host: `localhost:${target.port}`, ...options.headers }, timeout: 5000 },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error(`no answer to ${pathname}`)));
    request.end(options.body);
  });
}
