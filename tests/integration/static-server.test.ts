import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../src/http/listen.ts";
import { createStaticServer } from "../../src/http/static-server.ts";
import { removeDir, serveFolder } from "../helpers/sample-site.ts";

let parent: string;
let server: Awaited<ReturnType<typeof serveFolder>>;

/** A raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function get(rawPath: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: "GET" }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body, headers: response.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "gopher-serve-"));
  const root = path.join(parent, "dist");
  await mkdir(path.join(root, "blog"), { recursive: true });
  await mkdir(path.join(root, "assets"), { recursive: true });
  await writeFile(path.join(parent, "secret.txt"), "outside the output folder");
  await writeFile(path.join(root, "index.html"), "<p>home</p>");
  await writeFile(path.join(root, "about.html"), "<p>about</p>");
  await writeFile(path.join(root, "blog", "index.html"), "<p>blog</p>");
  await writeFile(path.join(root, "404.html"), "<p>not found page</p>");
  await writeFile(path.join(root, "assets", "site.Ab12Cd34Ef.css"), "a{}");
  await symlink(path.join(parent, "secret.txt"), path.join(root, "leak.txt"));
  await symlink(parent, path.join(root, "escape"));
  server = await serveFolder(root);
});
afterAll(async () => {
  await server.close();
  await removeDir(parent);
});

describe("the static server (preview, dev, tests)", () => {
  it("serves clean URLs, folder indexes and 404.html with status 404", async () => {
    expect(await get("/about")).toMatchObject({ status: 200, body: "<p>about</p>" });
    expect(await get("/blog")).toMatchObject({ status: 200, body: "<p>blog</p>" });
    expect(await get("/about/")).toMatchObject({ status: 301, headers: { location: "/about" } });
    expect(await get("/nope")).toMatchObject({ status: 404, body: "<p>not found page</p>" });
  });

  it("caches hashed assets for a year and pages not at all", async () => {
    expect((await get("/assets/site.Ab12Cd34Ef.css")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/about")).headers["cache-control"]).toBe("no-cache");
    expect((await get("/assets/site.Ab12Cd34Ef.css")).headers["content-type"]).toBe("text/css; charset=utf-8");
  });

  it.each(["/../secret.txt", "/%2e%2e/secret.txt", "/blog/..%2f..%2fsecret.txt", "/leak.txt", "/escape/secret.txt", "//etc/passwd"])(
    "never answers %s with a file outside the output folder",
    async (rawPath) => {
      const response = await get(rawPath);
      expect(response.body).not.toContain("outside the output folder");
      expect([400, 404]).toContain(response.status);
    },
  );

  it("answers malformed and over-long URLs with an error status and keeps serving", async () => {
    expect((await get("/%E0%A4%A")).status).toBe(400);
    expect((await get(`/${"a".repeat(10_000)}`)).status).toBe(414);
    expect((await get("/about")).status).toBe(200);
  });
});

describe("the one boundary around every route", () => {
  it("answers a handler's bug with 500 and an id, tells it, and goes on serving", async () => {
    const told: string[] = [];
    const failing = createStaticServer({
      root: path.join(parent, "dist"),
      routes: [
        {
          path: "/boom",
          handle: async () => {
            throw new TypeError("Invalid character in header content");
          },
        },
      ],
      onError: (error, id, request) => told.push(`${id} ${request.url} ${(error as Error).message}`),
    });
    const url = await listen(failing, 0, "127.0.0.1");
    try {
      const boom = await fetch(`${url}/boom`);
      const id = /\(([0-9a-f]{8})\)/.exec(await boom.text())?.[1];
      expect([boom.status, id]).toEqual([500, expect.stringMatching(/^[0-9a-f]{8}$/)]);
      expect(told).toEqual([`${id} /boom Invalid character in header content`]);
      expect((await fetch(`${url}/about`)).status).toBe(200);
      expect([failing.headersTimeout, failing.requestTimeout]).toEqual([10_000, 30_000]);
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});
