import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../src/build.ts";
import { startDevServer } from "../../src/dev/dev-server.ts";
import { createLogger } from "../../src/log.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir, serveFolder } from "../helpers/sample-site.ts";

let dir: string;
let result: BuildResult;

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  const put = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, "public", file)), { recursive: true });
    await writeFile(path.join(dir, "public", file), text);
  };
  await put(".well-known/security.txt", "Contact: mailto:security@example.com\n");
  await put("README.md", "# What this folder holds\n");
  await put(".git/HEAD", "ref: refs/heads/main\n");
  await put("images/.DS_Store", "litter");
  await put(".env", "SMTP_PASSWORD=hunter2\n");
  await put(".hidden/x.txt", "drafts\n");
  result = await buildProject(dir, { displayFrom: dir });
}, 120_000);

afterAll(async () => {
  await removeDir(dir);
});

describe("public/ in the built site", () => {
  it("publishes .well-known/ and READMEs as the owner put them", async () => {
    expect(await readFile(path.join(dir, "dist/.well-known/security.txt"), "utf8")).toBe("Contact: mailto:security@example.com\n");
    expect(await readFile(path.join(dir, "dist/README.md"), "utf8")).toBe("# What this folder holds\n");
  });

  it("leaves out version control and litter, with a notice naming them", () => {
    expect(existsSync(path.join(dir, "dist/.git"))).toBe(false);
    expect(existsSync(path.join(dir, "dist/images/.DS_Store"))).toBe(false);
    expect(result.notices.filter((notice) => notice.startsWith("Not published"))).toHaveLength(3);
  });

  it("leaves out every other dot-file and dot-folder, with a notice naming each file", async () => {
    expect(await hiddenPaths(path.join(dir, "dist"))).toEqual([".gopher-site-output", ".well-known/security.txt"]);
    expect(result.notices).toContain(
      "Not published: public/.env, public/.hidden/x.txt (files and folders starting with a dot are never published, being where secrets such as .env are kept; only public/.well-known/ is).",
    );
  });

  it("leaves them out of the dev server's output too", async () => {
    const outDir = path.join(dir, "dev-out");
    const server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: createLogger({ level: "quiet" }), outDir });
    try {
      expect(await hiddenPaths(outDir)).toEqual([".gopher-site-output", ".well-known/security.txt"]);
      expect((await fetch(`${server.url}/.well-known/security.txt`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("serves .well-known/security.txt from preview", async () => {
    const server = await serveFolder(path.join(dir, "dist"));
    try {
      const response = await fetch(`${server.url}/.well-known/security.txt`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Contact:");
      expect((await fetch(`${server.url}/.git/HEAD`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

/** The files under `folder` whose path has a part starting with a dot, from `folder`. */
async function hiddenPaths(folder: string): Promise<string[]> {
  const files = await readdir(folder, { recursive: true, withFileTypes: true });
  return files
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => file.split("/").some((part) => part.startsWith(".")))
    .sort();
}
