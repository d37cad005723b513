import { spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { copyFixture } from "../helpers/fixture-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";

let dir: string;
/** Every page of the site, as its files say: home, service areas, about, blog, 404, the two legal pages, each service, town and article. */
let pageCount: number;
beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  const site = parse(await readFile(path.join(dir, "site.yaml"), "utf8")) as { cities: unknown[]; services: unknown[] };
  const articles = (await readdir(path.join(dir, "content/blog"))).filter((file) => file.endsWith(".md")).length;
  pageCount = 5 + 2 + site.services.length + site.cities.length + articles;
});
afterAll(() => removeDir(dir));

const ARTICLE = "content/blog/60-day-warranty-explained.md";
const BIN = path.resolve(import.meta.dirname, "../../bin/gopher-site.js");

/** Starts a long-running command, waits for a line, then sends Ctrl-C. */
function runUntil(args: string[], ready: RegExp): Promise<{ code: number | null; stdout: string; stderr: string; url?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    let url: string | undefined;
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.stdout.on("data", async (chunk) => {
      stdout += chunk;
      const match = stdout.match(ready);
      if (match && !url) {
        url = match[1];
        const response = await fetch(`${url}/about`).catch(() => undefined);
        if (response?.status === 200) child.kill("SIGINT");
        else child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, url });
    });
  });
}

describe("gopher-site check", () => {
  it("renders and checks everything without writing, and passes --strict on a site without problems", async () => {
    const result = await runCli(["check", "--strict"], { cwd: dir });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Checked ${pageCount} pages and \\d+ files in [\\d.]+ m?s: no problems`));
    expect((await import("node:fs")).existsSync(path.join(dir, "dist"))).toBe(false);
  });

  it("turns warnings into errors with --strict; a text too long is named where it is written, not in the page it makes", async () => {
    const files = [ARTICLE, "content/pages/about.yaml", "content/pages/city.yaml"].map((file) => path.join(dir, file));
    const originals = await Promise.all(files.map((file) => readFile(file, "utf8")));
    await writeFile(files[0]!, originals[0]!.replace(/^title: .*$/m, `title: "${"A very long title ".repeat(6).trim()}"`));
    await writeFile(files[1]!, originals[1]!.replace(/^title: .*$/m, "title: About Our Family Business and Its Poison-Free Work | {company}"));
    // Too long on every town's page, the shortest name included.
    await writeFile(files[2]!, originals[2]!.replace(/^title: .*$/m, 'title: "{city} Gopher Control | Poison-Free Removal & {warrantyDays}-Day Warranty, Call Today"'));
    try {
      const lenient = await runCli(["check"], { cwd: dir });
      expect(lenient.code).toBe(0);
      expect(lenient.stderr).toContain(`warning ${ARTICLE}:2:8  title  is 107 characters; search results cut it after about 70\n`);
      expect(lenient.stderr).toContain("warning content/pages/about.yaml:1:8  title  is 81 characters; search results cut it after about 70\n");
      // One key makes every city page: named once, with the pages it makes too long.
      expect(lenient.stderr).toMatch(/\nwarning content\/pages\/city\.yaml:1:8 {2}title {2}is up to \d+ characters once filled, on \d+ pages \((\/[a-z-]+, ){2}\/[a-z-]+ and \d+ more\); search results cut it after about 70\n/);
      expect(lenient.stderr).not.toMatch(/\.html {2}(title|description)/);
      const strict = await runCli(["check", "--strict"], { cwd: dir });
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain(`${ARTICLE}:2:8  title  is 107 characters; search results cut it after about 70 (an error with --strict)\n`);
      expect(strict.stderr).toContain("content/pages/about.yaml:1:8  title  is 81 characters; search results cut it after about 70 (an error with --strict)\n");
    } finally {
      await Promise.all(files.map((file, i) => writeFile(file, originals[i]!)));
    }
  });

  it("names an unknown placeholder's file, line, column and field, and the known names closest first, in copy, front matter and markdown", async () => {
    const files = [ARTICLE, "content/pages/home.yaml"].map((file) => path.join(dir, file));
    const originals = await Promise.all(files.map((file) => readFile(file, "utf8")));
    const article = originals[0]!.replace(/^description: "How our/m, 'description: "How {setupPrce} our').replace(/^Every trapping job/m, "Every {setupPrce} trapping job");
    await writeFile(files[0]!, article);
    try {
      const documents = await runCli(["check"], { cwd: dir });
      expect(documents.code).toBe(1);
      const known = "did you mean {setupPrice}? Known: {setupPrice}, {phone}, {year}, {baseTown}, {company}, {email}, {legalUpdated}, {region} and 17 more";
      const lines = article.split("\n");
      const description = lines.findIndex((line) => line.startsWith('description: "How {setupPrce}')) + 1;
      const body = lines.findIndex((line) => line.startsWith("Every {setupPrce}")) + 1;
      const column = lines[body - 1]!.indexOf("{setupPrce}") + 1;
      expect(documents.stderr).toContain(`${ARTICLE}:${description}:14  description  unknown placeholder {setupPrce}; ${known}\n`);
      expect(documents.stderr).toContain(`${ARTICLE}:${body}:${column}  unknown placeholder {setupPrce}; ${known}\n`);
      await writeFile(files[0]!, originals[0]!);
      await writeFile(files[1]!, originals[1]!.replace("Fast, poison-free trapping.", "Fast, {setupPrce} trapping."));
      const copy = await runCli(["check"], { cwd: dir });
      expect(copy.code).toBe(1);
      expect(copy.stderr).toContain(`content/pages/home.yaml:8:9  hero.text  unknown placeholder {setupPrce}; ${known}\n`);
    } finally {
      await Promise.all(files.map((file, i) => writeFile(file, originals[i]!)));
    }
  });

  it("warns of a word repeated across a placeholder's edge, in copy, front matter and markdown, an error with --strict", async () => {
    const files = ["content/pages/about.yaml", ARTICLE].map((file) => path.join(dir, file));
    const originals = await Promise.all(files.map((file) => readFile(file, "utf8")));
    const about = originals[0]!.replace(/^title: (.*)$/m, "title: About the {company} trapping team");
    const article = originals[1]!.replace(/^title: (.*)$/m, 'title: "Why {company} trapping works"').concat("\nCall {company} trapping crews today.\n");
    await writeFile(files[0]!, about);
    await writeFile(files[1]!, article);
    try {
      const lenient = await runCli(["check"], { cwd: dir });
      expect(lenient.code).toBe(0);
      const aboutLine = about.split("\n").findIndex((line) => line.startsWith("title:")) + 1;
      const articleLine = article.split("\n").lastIndexOf("Call {company} trapping crews today.") + 1;
      const reads = '"Trapping" twice once {company} is filled ("Family Trapping trapping"); reword the sentence';
      expect(lenient.stderr).toContain(`warning content/pages/about.yaml:${aboutLine}:8  title  ${reads}`);
      expect(lenient.stderr).toContain(`warning ${ARTICLE}:2:8  title  ${reads}`);
      expect(lenient.stderr).toContain(`warning ${ARTICLE}:${articleLine}  ${reads}`);
      const strict = await runCli(["check", "--strict"], { cwd: dir });
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain(`content/pages/about.yaml:${aboutLine}:8  title  ${reads} (an error with --strict)`);
    } finally {
      await Promise.all(files.map((file, i) => writeFile(file, originals[i]!)));
    }
  });

  it("names the file and line of a legal page's broken '::: if' blocks, with every problem at once", async () => {
    const policy = path.join(dir, "content/legal/privacy-policy.md");
    const original = await readFile(policy, "utf8");
    const broken = original.replace("::: if advertising\n", "::: if advertizing\n").concat("\n::: if analytics\nNever closed.\n");
    await writeFile(policy, broken);
    try {
      const result = await runCli(["check"], { cwd: dir });
      const lines = broken.split("\n");
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`content/legal/privacy-policy.md:${lines.indexOf("::: if advertizing") + 1}  unknown condition "advertizing"; known: advertising, analytics, leadForm`);
      expect(result.stderr).toContain(`content/legal/privacy-policy.md:${lines.lastIndexOf("::: if analytics") + 1}  this "::: if" block is never closed; end it with a line ":::"`);
      expect(result.stderr).toContain("2 problems found");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await writeFile(policy, original);
    }
  });
});

describe("gopher-site dev and preview", () => {
  it("dev serves until Ctrl-C, then closes the watcher and exits 0", async () => {
    const result = await runUntil(["dev", "--port", "0"], /Dev server at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(result.url).toBeDefined();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Stopped.");
  });

  it("preview refuses a folder without a build, then serves a build like a static host", async () => {
    const missing = await runCli(["preview", "--out", "nowhere"], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("nowhere has no built site (no index.html); run `gopher-site build` first");
    expect((await runCli(["build", "-q"], { cwd: dir })).code).toBe(0);
    const result = await runUntil(["preview", "--port", "0"], /Previewing dist at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(result.code).toBe(0);
  });

  it("rejects a bad port as a usage error", async () => {
    const result = await runCli(["dev", "--port", "http"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("must be a port number from 0 to 65535");
  });
});

describe("gopher-site host-config", () => {
  it("prints a server's configuration for the built site, from its _headers, and refuses what it cannot make", async () => {
    const missing = await runCli(["host-config", "nginx", "--out", "nowhere"], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("nowhere has no built site (no _headers); run `gopher-site build` first");
    expect((await runCli(["build", "-q"], { cwd: dir })).code).toBe(0);
    const nginx = await runCli(["host-config", "nginx", "-q"], { cwd: dir });
    expect(nginx.code).toBe(0);
    expect(nginx.stderr).toBe("");
    expect(nginx.stdout).toContain(`\nserver {\n    listen 8080;\n    root "${path.join(dir, "dist")}";\n`);
    expect(nginx.stdout).toContain('add_header Content-Security-Policy "default-src \'self\'; script-src \'self\' https://link.msgsndr.com');
    const caddy = await runCli(["host-config", "caddy", "--listen", "127.0.0.1:9000", "--root", "/srv/gophers"], { cwd: dir });
    expect(caddy.stdout).toContain('http://:9000 {\n\tbind 127.0.0.1\n\troot * "/srv/gophers"\n');
    const usage = await runCli(["host-config", "apache"], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Allowed choices are nginx, caddy, systemd.");
    const editor = await runCli(["host-config", "caddy", "--editor"], { cwd: dir });
    expect([editor.code, editor.stderr.trim()]).toEqual([1, "--editor needs --lead-server, where gopher-site serve --editor listens (for example --lead-server 127.0.0.1:8788): the editor, the quote form's requests and the pages go to it"]);
    const quote = await runCli(["host-config", "caddy", "--root", '/srv/"x"'], { cwd: dir });
    expect(quote.code).toBe(1);
    expect(quote.stderr.trim()).toBe('the root folder "/srv/\\"x\\"" has the character ", which cannot be written in a server configuration; pass another --root');
  });
});

describe("the output folder", () => {
  it("is never one of the project's own folders", async () => {
    for (const out of ["content", ".", "public/site", ".."]) {
      const result = await runCli(["build", "--out", out], { cwd: dir });
      expect(result.code, out).toBe(1);
      expect(result.stderr, out).toMatch(/^the output folder .* (would replace|is inside) .*; choose a separate folder such as dist\n$/);
    }
    expect((await import("node:fs")).existsSync(path.join(dir, ARTICLE))).toBe(true);
  });

  it("is written by one build at a time; a lock left by a killed build is taken over", async () => {
    const lock = path.join(dir, ".dist.lock");
    await writeFile(lock, String(process.pid));
    const busy = await runCli(["build"], { cwd: dir });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`another gopher-site build (process ${process.pid}) is writing ${path.join(dir, "dist")}; wait for it to finish`);
    await writeFile(lock, "999999999");
    const after = await runCli(["build", "-q"], { cwd: dir });
    expect(after.code).toBe(0);
    expect((await import("node:fs")).existsSync(lock)).toBe(false);
  });
});

describe("a reader that stops early", () => {
  it("(| head -1) leaves the build to finish, with no stack trace", async () => {
    const out = path.join(dir, "early-reader-dist");
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, "build", "--out", out], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
      let stderr = "";
      // The first line read, the pipe is closed as `head -1` closes it.
      child.stdout.once("data", () => child.stdout.destroy());
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toContain("</html>");
  }, 60_000);
});
