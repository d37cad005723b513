import { mkdir, symlink, writeFile } from "node:fs/promises";
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
  it("copies what the owner put there, .well-known/ and READMEs included", async () => {
    const root = folder();
    await put(root, [".well-known/security.txt", ".well-known/apple-app-site-association", "google1234.html", "docs/README.md", "README.md"]);
    const { files, leftOut } = await publicFiles(root);
    expect(files.map((file) => file.path)).toEqual([
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

  it("leaves out every other dot-file and dot-folder, at any depth, and names each file", async () => {
    const root = folder();
    await put(root, [".env", ".htaccess", ".hidden/x.txt", "images/.secret", "docs/.drafts/a.md", "docs/.well-known/b.txt", ".well-known/acme-challenge/token", "images/photo.jpg"]);
    const { files, leftOut } = await publicFiles(root, "site/public");
    expect(files.map((file) => file.path)).toEqual([".well-known/acme-challenge/token", "images/photo.jpg"]);
    expect(leftOut).toEqual([
      "Not published: site/public/.env, site/public/.hidden/x.txt, site/public/.htaccess, site/public/docs/.drafts/a.md, site/public/docs/.well-known/b.txt, site/public/images/.secret " +
        "(files and folders starting with a dot are never published, being where secrets such as .env are kept; only site/public/.well-known/ is).",
    ]);
  });

  it("is empty without a public/ folder", async () => {
    expect(await publicFiles(path.join(folder(), "missing"))).toEqual({ files: [], leftOut: [] });
  });

  it("follows symbolic links to files and folders inside public/, and names those it does not publish", async () => {
    const project = folder();
    const outside = folder();
    const root = path.join(project, "public");
    await put(project, ["public/images/2026.jpg", "public/photos/a.jpg", "public/photos/more/b.jpg", "public/index.html", ".env", "art/logo.svg"]);
    await put(outside, ["secret.png"]);
    await symlink("images/2026.jpg", path.join(root, "latest.jpg"));
    await symlink("photos", path.join(root, "gallery"));
    await symlink(path.join(project, "art/logo.svg"), path.join(root, "logo.svg"));
    await symlink("../.env", path.join(root, "env.txt"));
    await symlink(path.join(outside, "secret.png"), path.join(root, "secret.png"));
    await symlink(path.join(project, "nothing.png"), path.join(root, "gone.png"));
    await symlink(".", path.join(root, "photos", "loop"));
    const { files, leftOut } = await publicFiles(root, "public");
    expect(files.map((file) => [file.path, (file.data as { copyFrom: string }).copyFrom])).toEqual([
      ["gallery/a.jpg", path.join(root, "photos/a.jpg")],
      ["gallery/more/b.jpg", path.join(root, "photos/more/b.jpg")],
      ["images/2026.jpg", path.join(root, "images/2026.jpg")],
      ["index.html", path.join(root, "index.html")],
      ["latest.jpg", path.join(root, "images/2026.jpg")],
      ["photos/a.jpg", path.join(root, "photos/a.jpg")],
      ["photos/more/b.jpg", path.join(root, "photos/more/b.jpg")],
    ]);
    expect(leftOut).toEqual([
      "Not published: public/env.txt, public/logo.svg, public/secret.png (symbolic links out of public/; put the files themselves in it).",
      "Not published: public/gone.png (symbolic links to nothing).",
    ]);
  });
});
