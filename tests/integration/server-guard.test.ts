import { readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../src/dev/dev-server.ts";
import { CLIENT_PATH, EVENTS_PATH } from "../../src/dev/live-reload.ts";
import { startPreviewServer, type PreviewServer } from "../../src/dev/preview-server.ts";
import { createLogger } from "../../src/log.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// dev and preview on the small fixture (English only), started as the CLI starts them, asked with forged Host and Origin headers as a
// DNS-rebinding page or another site's page would send them.
let dir: string;
let dev: DevServer;
let preview: PreviewServer;
const sink = { write: () => true } as unknown as NodeJS.WritableStream;

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  await buildProject(dir);
  preview = await startPreviewServer({ out: path.join(dir, "dist"), port: 0, host: "127.0.0.1" });
  dev = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: createLogger({ stdout: sink, stderr: sink }), outDir: path.join(dir, ".dev-out") });
}, 120_000);
afterAll(async () => {
  await dev?.close();
  await preview?.close();
  if (dir) await removeDir(dir);
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with exactly these headers (Host included). An event stream never ends: its body is
 * read until `until` matches it, then the connection is dropped.
 */
function ask(base: string, pathname: string, headers: Record<string, string>, until = /^data: .*\n\n/m): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: pathname, headers, setHost: false }, (response) => {
      let body = "";
      const done = () => resolve({ status: response.statusCode!, headers: response.headers, body });
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
        if (response.headers["content-type"] === "text/event-stream" && until.test(body)) {
          done();
          req.destroy();
        }
      });
      response.on("end", done);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer to ${pathname} in 30 s`)));
    req.end();
  });
}

const port = (server: { url: string }) => new URL(server.url).port;
const FORGED_HOSTS = ["evil.example", "localhost.evil.example", "192.0.2.99", "127.0.0.1.nip.io"];

describe.each([
  ["preview", () => preview, ["/", "/about", "/no-such-page", "/robots.txt", "/about/"]],
  ["dev", () => dev, ["/", "/about", "/no-such-page", "/robots.txt", "/about/", EVENTS_PATH, CLIENT_PATH]],
] as const)("%s", (_name, server, paths) => {
  it("answers a request that names it by a loopback name or address", async () => {
    for (const host of ["127.0.0.1", "localhost", "gopher.localhost", "[::1]"]) {
      const answer = await ask(server().url, "/about", { host: `${host}:${port(server())}` });
      expect(answer.status, host).toBe(200);
    }
  });

  it("refuses every route to another Host (DNS rebinding) with 403, the reason, and no CORS", async () => {
    for (const pathname of paths) {
      for (const host of FORGED_HOSTS) {
        const answer = await ask(server().url, pathname, { host: `${host}:${port(server())}` });
        expect(answer.status, `${pathname} as ${host}`).toBe(403);
        expect(answer.body).toBe(
          `Forbidden: the Host "${host}:${port(server())}"; this server answers only to localhost, *.localhost, 127.0.0.1 and [::1]; to open it by another name, start it with --host <that name>\n`,
        );
        expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-")), pathname).toEqual([]);
      }
    }
  });

  it("refuses a request from a page of another origin", async () => {
    const host = `127.0.0.1:${port(server())}`;
    for (const origin of ["http://evil.example", `http://localhost:${port(server())}`, "null"]) {
      const answer = await ask(server().url, paths.at(-1)!, { host, origin });
      expect(answer.status, origin).toBe(403);
    }
    expect((await ask(server().url, "/about", { host, origin: `http://${host}` })).status).toBe(200);
  });
});

describe("dev's event stream", () => {
  it("sends the current error to the server's own pages only: a forged client gets 403 and nothing of it", { timeout: 90_000 }, async () => {
    const config = path.join(dir, "site.yaml");
    const original = await readFile(config, "utf8");
    const host = `127.0.0.1:${port(dev)}`;
    // The server's own page (a same-origin EventSource, open before the save) hears the error.
    const own = ask(dev.url, EVENTS_PATH, { host, "sec-fetch-site": "same-origin" }, /"type":"error"/);
    await writeFile(config, original.replace("  days: 60\n", "  days: sixty\n"));
    try {
      expect((await own).body).toContain("warranty.days");

      const forged: Array<Record<string, string>> = [
        { host: `evil.example:${port(dev)}` },
        { host, origin: "http://evil.example" },
        // An <img> or <script> of another site pointed at the stream sends no Origin.
        { host, "sec-fetch-site": "cross-site" },
      ];
      for (const headers of forged) {
        const answer = await ask(dev.url, EVENTS_PATH, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body).not.toMatch(/warranty|site\.yaml|\n\s+at |data:/);
        expect(answer.body).not.toContain(dir);
      }
    } finally {
      await writeFile(config, original);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await dev.whenIdle();
    }
  });
});
