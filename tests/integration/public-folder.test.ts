import { mkdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../src/build.ts";
import { buildProject, copySample, removeDir, serveFolder } from "../helpers/sample-site.ts";

let dir: string;
let result: BuildResult;

beforeAll(async () => {
  dir = await copySample({ oneLanguage: true });
  const put = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, "public", file)), { recursive: true });
    await writeFile(path.join(dir, "public", file), text);
  };
  await put(".well-known/security.txt", "Contact: mailto:security@example.com\n");
  await put("README.md", "# What this folder holds\n");
  await put(".git/HEAD", "ref: refs/heads/main\n");
  await put("images/.DS_Store", "litter");
  result = await buildProject(dir);
}, 120_000);

afterAll(async () => {
  await removeDir(dir);
});

describe("public/ in the built site", () => {
  it("publishes dot-folders and READMEs as the owner put them", async () => {
    expect(await readFile(path.join(dir, "dist/.well-known/security.txt"), "utf8")).toBe("Contact: mailto:security@example.com\n");
    expect(await readFile(path.join(dir, "dist/README.md"), "utf8")).toBe("# What this folder holds\n");
  });

  it("leaves out version control and litter, with a notice naming them", () => {
    expect(existsSync(path.join(dir, "dist/.git"))).toBe(false);
    expect(existsSync(path.join(dir, "dist/images/.DS_Store"))).toBe(false);
    expect(result.notices.filter((notice) => notice.startsWith("Not published"))).toHaveLength(2);
  });

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
