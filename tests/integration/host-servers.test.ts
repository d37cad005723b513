import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../src/build.ts";
import { CONTENT_TYPES } from "../../src/hosting/content-types.ts";
import { headersFor, IMMUTABLE, parseHeadersFile, REVALIDATE, type HeaderRule } from "../../src/hosting/headers-file.ts";
import { redirectsFile } from "../../src/hosting/host-files.ts";
import { HIDDEN_PATHS } from "../../src/hosting/host-plan.ts";
import { plainHttpRules } from "../../src/hosting/plain-http.ts";
import { OUTPUT_STAMP } from "../../src/output-guard.ts";
import { outFileFor, type OutputFormat } from "../../src/routes/urls.ts";
import { runCli } from "../helpers/run-cli.ts";
import { HOSTS, startHost, type RunningHost } from "../helpers/host-servers.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// One build of the small fixture (English only) in each output format, served by gopher-site's preview and by the real
// nginx and Caddy with the configurations `gopher-site host-config` prints.
let dir: string;
let built: BuildResult;
let rules: HeaderRule[];
const dist = () => path.join(dir, "dist");
const directoryDist = () => path.join(dir, "dist-directory");
/** The same builds with a Spanish folder: its own 404 page and two pages, as a two-language build writes them. */
const spanishDist = (format: OutputFormat) => path.join(dir, `dist-es-${format}`);
const SPANISH_PAGES = ["/es", "/es/sobre-nosotros"];

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  built = await buildProject(dir);
  await buildProject(dir, { out: directoryDist(), format: "directory" });
  rules = parseHeadersFile(readFileSync(path.join(dist(), "_headers"), "utf8"), "_headers");
  withSpanishFolder(dist(), spanishDist("file"), "file");
  withSpanishFolder(directoryDist(), spanishDist("directory"), "directory");
});

/** A copy of a built site with es/404.html (the 404 page in Spanish), Spanish pages and the `_redirects` of a two-language build. */
function withSpanishFolder(from: string, to: string, format: OutputFormat) {
  cpSync(from, to, { recursive: true });
  const english = readFileSync(path.join(from, "404.html"), "utf8");
  const spanish = english.replace('<html lang="en"', '<html lang="es"').replace(/<h1>[^<]*<\/h1>/, "<h1>Página no encontrada</h1>");
  if (!spanish.includes('<html lang="es"') || !spanish.includes("<h1>Página no encontrada</h1>")) throw new Error("404.html has no <html lang> or <h1> to translate");
  mkdirSync(path.join(to, "es"), { recursive: true });
  writeFileSync(path.join(to, "es", "404.html"), spanish);
  for (const [page, source] of [[SPANISH_PAGES[0]!, "/"], [SPANISH_PAGES[1]!, "/about"]] as const) {
    const file = path.join(to, outFileFor(page, format));
    mkdirSync(path.dirname(file), { recursive: true });
    cpSync(path.join(from, outFileFor(source, format)), file);
  }
  writeFileSync(path.join(to, "_redirects"), redirectsFile(["/es/"])!);
}
afterAll(() => removeDir(dir));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as written, no redirect followed, the body as sent (compressed when asked). */
function get(url: string, requestHeaders: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: requestHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every file of a built site but the host's settings and the build's stamp, as request paths (`/assets/site.x.css`). */
function files(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !HIDDEN_PATHS.includes(`/${entry.name}`))
    .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .sort();
}

/**
 * The headers `_headers` gives a path, each of which the answer must carry with exactly that value:
 * every server here is reached over plain HTTP, so its policy has no upgrade-insecure-requests.
 */
function expectHeadersOf(answer: Answer, requestPath: string, label: string) {
  const expected = headersFor(plainHttpRules(rules), requestPath);
  expect(headersFor(rules, requestPath)["content-security-policy"], "_headers keeps it for Netlify and Cloudflare").toMatch(/; upgrade-insecure-requests$/);
  expect(answer.headers["content-security-policy"], label).not.toMatch(/upgrade-insecure-requests/);
  expect(Object.keys(expected).length, "the build's _headers has headers for every path").toBeGreaterThanOrEqual(7);
  for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], `${label}: ${name}`).toBe(value);
}

describe.each(HOSTS)("the built site served by %s", (name) => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost(name, dist());
  });
  afterAll(() => host?.close());

  const pages = () => built.pages.filter((page) => page.path !== "/404");
  const notFoundPage = () => readFileSync(path.join(dist(), "404.html"));

  it("answers every page's clean URL with its HTML and the headers of _headers: 200, no redirect", async () => {
    // Every page the site's data makes: a page per town, service and article, and the six every site has.
    const site = parse(readFileSync(path.join(dir, "site.yaml"), "utf8")) as { cities: unknown[]; services: unknown[] };
    const articles = readdirSync(path.join(dir, "content", "blog")).filter((file) => file.endsWith(".md"));
    expect(pages()).toHaveLength(site.cities.length + site.services.length + articles.length + ["/", "/about", "/service-areas", "/blog", "/privacy-policy", "/terms-of-service"].length);
    for (const page of pages()) {
      const answer = await get(host.url + page.path);
      expect(answer.status, page.path).toBe(200);
      expect(answer.body.equals(readFileSync(path.join(dist(), page.outFile))), `${page.path} is ${page.outFile}`).toBe(true);
      expect(answer.headers["content-type"], page.path).toBe("text/html; charset=utf-8");
      expect(answer.headers["cache-control"], page.path).toBe(REVALIDATE);
      expectHeadersOf(answer, page.path, page.path);
    }
  });

  it("answers unknown paths with the 404 page and status 404, revalidated, never the host's settings", async () => {
    for (const unknown of ["/no-such-page", "/blog/no-such-article", "/assets/site.0000000000.css", "/_headers", `/${OUTPUT_STAMP}`, "/images"]) {
      const answer = await get(host.url + unknown);
      expect(answer.status, unknown).toBe(404);
      expect(answer.body.equals(notFoundPage()), `${unknown} gets 404.html`).toBe(true);
      expect(answer.headers["content-type"], unknown).toBe("text/html; charset=utf-8");
      // Not the /assets/ year: a file missing now may be uploaded a moment later.
      expect(answer.headers["cache-control"], unknown).toBe(REVALIDATE);
      expectHeadersOf(answer, "/404.html", unknown);
    }
  });

  it("serves every other file with its content type and headers, /assets/ immutable and the rest revalidated", async () => {
    const others = files(dist()).filter((file) => !file.endsWith(".html"));
    // Every kind of file the build fingerprints into /assets/: the styles, the scripts, the icons and each article's share picture.
    const assets = others.filter((file) => file.startsWith("/assets/"));
    expect([...new Set(assets.map((file) => path.extname(file)))]).toEqual(expect.arrayContaining([".css", ".js", ".png", ".svg"]));
    for (const article of readdirSync(path.join(dir, "content", "blog")).filter((file) => file.endsWith(".md"))) {
      const image = /^image: (\S+)$/m.exec(readFileSync(path.join(dir, "content", "blog", article), "utf8"))![1]!;
      expect(assets.some((file) => file.startsWith(`/assets/share/${path.posix.basename(image, path.extname(image))}.`)), article).toBe(true);
    }
    for (const file of others) {
      const answer = await get(host.url + file);
      expect(answer.status, file).toBe(200);
      expect(answer.body.equals(readFileSync(path.join(dist(), file))), file).toBe(true);
      expect(answer.headers["content-type"], file).toBe(CONTENT_TYPES[path.extname(file)]);
      expect(answer.headers["cache-control"], file).toBe(file.startsWith("/assets/") ? IMMUTABLE : REVALIDATE);
      expectHeadersOf(answer, file, file);
    }
  });

  it("redirects a trailing slash to the clean URL, keeping the query, with the headers", async () => {
    for (const [from, to] of [["/about/", "/about"], ["/blog/?utm_source=flyer", "/blog?utm_source=flyer"]] as const) {
      const answer = await get(host.url + from);
      expect(answer.status, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
      expectHeadersOf(answer, from, from);
    }
  });

  it("compresses text for clients that accept gzip", async () => {
    const stylesheet = files(dist()).find((file) => file.endsWith(".css"))!;
    for (const file of ["/", stylesheet, "/sitemap.xml"]) {
      const answer = await get(host.url + file, { "accept-encoding": "gzip" });
      expect(answer.headers["content-encoding"], file).toBe("gzip");
      expect(answer.headers.vary, file).toMatch(/accept-encoding/i);
      const original = readFileSync(path.join(dist(), file === "/" ? "index.html" : file));
      expect(gunzipSync(answer.body).equals(original), file).toBe(true);
    }
  });

  it("serves a site built with format: directory at the same clean URLs, without a redirect", async () => {
    const directoryHost = await startHost(name, directoryDist());
    try {
      for (const page of pages()) {
        const answer = await get(directoryHost.url + page.path);
        expect(answer.status, page.path).toBe(200);
        const file = page.path === "/" ? "index.html" : `${page.path.slice(1)}/index.html`;
        expect(answer.body.equals(readFileSync(path.join(directoryDist(), file))), `${page.path} is ${file}`).toBe(true);
      }
      const missing = await get(directoryHost.url + "/no-such-page");
      expect(missing.status).toBe(404);
      expect(missing.body.equals(readFileSync(path.join(directoryDist(), "404.html")))).toBe(true);
    } finally {
      await directoryHost.close();
    }
  });
});

describe.each(HOSTS.flatMap((name) => (["file", "directory"] as const).map((format) => [name, format] as const)))(
  "a site with a Spanish 404 page in es/ served by %s (format: %s)",
  (name, format) => {
    let host: RunningHost;
    beforeAll(async () => {
      host = await startHost(name, spanishDist(format));
    });
    afterAll(() => host?.close());
    const file = (relative: string) => readFileSync(path.join(spanishDist(format), relative));

    it("answers unknown paths under /es/ with es/404.html and status 404, with the headers of _headers", async () => {
      expect(file("es/404.html").equals(file("404.html"))).toBe(false);
      for (const unknown of ["/es/no-such-page", "/es/blog/nope", "/es/assets-like/x", "/es/assets/site.0000000000.css"]) {
        const answer = await get(host.url + unknown);
        expect(answer.status, unknown).toBe(404);
        expect(answer.body.toString(), `${unknown} gets es/404.html`).toContain("<h1>Página no encontrada</h1>");
        expect(answer.body.equals(file("es/404.html")), `${unknown} gets es/404.html`).toBe(true);
        expect(answer.headers["content-type"], unknown).toBe("text/html; charset=utf-8");
        expect(answer.headers["cache-control"], unknown).toBe(REVALIDATE);
        expectHeadersOf(answer, "/es/404.html", unknown);
      }
    });

    it("answers unknown paths elsewhere, and the host's settings, with the site's 404.html", async () => {
      for (const unknown of ["/no-such-page", "/blog/nope", "/esx/nope", "/assets/es/x.css", "/_redirects", "/_headers"]) {
        const answer = await get(host.url + unknown);
        expect(answer.status, unknown).toBe(404);
        expect(answer.body.equals(file("404.html")), `${unknown} gets 404.html`).toBe(true);
        expectHeadersOf(answer, "/404.html", unknown);
      }
    });

    it("still serves the pages under /es/ and elsewhere: 200, with the headers, and the trailing-slash redirect", async () => {
      for (const page of [...SPANISH_PAGES, "/", "/about", "/blog"]) {
        const answer = await get(host.url + page);
        expect(answer.status, page).toBe(200);
        expect(answer.body.equals(file(outFileFor(page, format))), page).toBe(true);
        expectHeadersOf(answer, page, page);
      }
      const slash = await get(`${host.url}/es/sobre-nosotros/`);
      expect(slash.status).toBe(301);
      expect(slash.headers.location).toBe("/es/sobre-nosotros");
      expectHeadersOf(slash, "/es/sobre-nosotros/", "/es/sobre-nosotros/");
    });
  },
);

describe("a one-language build", () => {
  it("writes no _redirects, and its host configurations have nothing of a language folder", async () => {
    expect(existsSync(path.join(dist(), "_redirects"))).toBe(false);
    expect(existsSync(path.join(directoryDist(), "_redirects"))).toBe(false);
    for (const server of ["nginx", "caddy"]) {
      const config = async (out: string) => {
        const result = await runCli(["host-config", server, "--out", out, "--root", "/srv/site", "--listen", "8080"]);
        expect(result.code, result.stderr).toBe(0);
        // The first line names the file it was made from.
        return result.stdout.replaceAll(out, "<out>");
      };
      const one = await config(dist());
      expect(one, server).not.toMatch(/\/es\/|_redirects|not_found_1/);
      // The Spanish copy's configuration is the same with lines added: every line, in order.
      const two = (await config(spanishDist("file"))).split("\n");
      expect(two.length, server).toBeGreaterThan(one.split("\n").length);
      let at = 0;
      for (const line of one.split("\n")) {
        at = two.indexOf(line, at);
        expect(at, `${server}: ${line}`).toBeGreaterThanOrEqual(0);
        at++;
      }
    }
  });
});
