import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicFiles } from "../../src/assets/public-files.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-site-public-");

async function put(root: string, files: string[]): Promise<void> {
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), file);
  }
}

describe("publicFiles", () => {
  it("copies what the owner put there, dot-folders and READMEs included", async () => {
    const root = folder();
    await put(root, [".well-known/security.txt", ".well-known/apple-app-site-association", "google1234.html", "docs/README.md", "README.md", ".htaccess"]);
    const { files, leftOut } = await publicFiles(root);
    expect(files.map((file) => file.path)).toEqual([
      ".htaccess",
      ".well-known/apple-app-site-association",
      ".well-known/security.txt",
      "README.md",
      "docs/README.md",
      "google1234.html",
    ]);
    expect(leftOut).toEqual([]);
  });

  it("leaves out a repository's folder and system or editor litter, and says which", async () => {
    const root = folder();
    await put(root, [".git/config", ".git/objects/ab/cd", "images/.DS_Store", "Thumbs.db", "images/._photo.jpg", "about.html~", ".index.html.swp", "images/photo.jpg"]);
    const { files, leftOut } = await publicFiles(root, "site/public");
    expect(files.map((file) => file.path)).toEqual(["images/photo.jpg"]);
    expect(leftOut).toEqual([
      "Not published: site/public/.git (version control's own files).",
      "Not published: site/public/.index.html.swp, site/public/Thumbs.db, site/public/about.html~, site/public/images/.DS_Store, site/public/images/._photo.jpg (left by the operating system or an editor).",
    ]);
  });

  it("is empty without a public/ folder", async () => {
    expect(await publicFiles(path.join(folder(), "missing"))).toEqual({ files: [], leftOut: [] });
  });
});
