import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redirectsFile } from "../../src/hosting/host-files.ts";
import { HOSTS, startHost, type RunningHost } from "../helpers/host-servers.ts";
import { runCli } from "../helpers/run-cli.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// The small fixture (English and Spanish) with an English article whose slug is "404": its page is
// blog/404.html, a top-level folder with a 404.html that is no language.
let dir: string;
const dist = () => path.join(dir, "dist");

beforeAll(async () => {
  dir = await copyFixture("small");
  const article = await readFile(path.join(dir, "content", "blog", "60-day-warranty-explained.md"), "utf8");
  const fixture = article
    .replace(/^slug: .*$/m, 'slug: "404"')
    .replace(/^title: .*$/m, 'title: "404 Days Without a Gopher: One Yard\'s Story"');
  if (!fixture.includes('slug: "404"\n')) throw new Error("the fixture's article has no slug line to change");
  await writeFile(path.join(dir, "content", "blog", "404.md"), fixture);
  await buildProject(dir);
}, 120_000);
afterAll(() => removeDir(dir));

describe("an English article with the slug 404", () => {
  it("is a page, and the build's _redirects names only site.yaml's other language", () => {
    expect(readFileSync(path.join(dist(), "blog", "404.html"), "utf8")).toContain("404 Days Without a Gopher");
    expect(readFileSync(path.join(dist(), "_redirects"), "utf8")).toBe(redirectsFile(["/es/"]));
  });

  it("makes no language of /blog/ in the nginx and Caddy configurations", async () => {
    for (const server of ["nginx", "caddy"]) {
      const result = await runCli(["host-config", server, "--out", dist(), "--root", "/srv/site"]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout, server).not.toMatch(/\/blog\//);
      expect(result.stdout, server).toMatch(/\/es\/404\.html/);
    }
  });

  describe.each(HOSTS)("served by %s", (name) => {
    let host: RunningHost;
    beforeAll(async () => {
      host = await startHost(name, dist());
    });
    afterAll(() => host?.close());

    it("answers an unknown path under /blog/ with the site's 404 page, the article at its address, and /es/ with its own", async () => {
      const notFound = await fetch(`${host.url}/blog/no-such-article`);
      expect(notFound.status).toBe(404);
      expect(await notFound.text()).toBe(readFileSync(path.join(dist(), "404.html"), "utf8"));
      const article = await fetch(`${host.url}/blog/404`);
      expect(article.status).toBe(200);
      expect(await article.text()).toBe(readFileSync(path.join(dist(), "blog", "404.html"), "utf8"));
      const spanish = await fetch(`${host.url}/es/no-such-page`);
      expect(spanish.status).toBe(404);
      expect(await spanish.text()).toBe(readFileSync(path.join(dist(), "es", "404.html"), "utf8"));
    });
  });
});
