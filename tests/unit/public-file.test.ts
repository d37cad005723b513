import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicFile, readPublicFile, staysInPublic } from "../../src/public-file.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-public-file-");

describe("publicFile", () => {
  const publicDir = path.resolve("/site/public");

  it("names the file a site path names under public/", () => {
    expect(publicFile(publicDir, "/images/hero.png")).toBe(path.join(publicDir, "images", "hero.png"));
    expect(publicFile(publicDir, "/images/../share.svg")).toBe(path.join(publicDir, "share.svg"));
    expect(publicFile(publicDir, "/./images//a.png")).toBe(path.join(publicDir, "images", "a.png"));
  });

  it("names none for a path that leaves public/ or names the folder itself", () => {
    expect(publicFile(publicDir, "/../../outside.png")).toBeUndefined();
    expect(publicFile(publicDir, "/../public-other/a.png")).toBeUndefined();
    expect(publicFile(publicDir, "/images/../../site.yaml")).toBeUndefined();
    expect(publicFile(publicDir, "/")).toBeUndefined();
    expect(staysInPublic("/../../outside.png")).toBe(false);
    expect(staysInPublic("/images/../a.png")).toBe(true);
  });
});

describe("readPublicFile", () => {
  it("reads a file, and follows a link that stays in public/", async () => {
    const dir = folder();
    await mkdir(path.join(dir, "public/images"), { recursive: true });
    await writeFile(path.join(dir, "public/images/real.png"), "picture");
    await symlink("real.png", path.join(dir, "public/images/alias.png"));
    expect(await readPublicFile(path.join(dir, "public"), "/images/real.png")).toEqual({ kind: "file", bytes: Buffer.from("picture") });
    expect(await readPublicFile(path.join(dir, "public"), "/images/alias.png")).toEqual({ kind: "file", bytes: Buffer.from("picture") });
    expect(await readPublicFile(path.join(dir, "public"), "/images/none.png")).toEqual({ kind: "missing" });
    expect(await readPublicFile(path.join(dir, "public"), "/images")).toEqual({ kind: "missing" });
  });

  it("never reads a file out of public/: by `..`, by a linked file or a linked folder", async () => {
    const dir = folder();
    await mkdir(path.join(dir, "public"), { recursive: true });
    await mkdir(path.join(dir, "private"));
    await writeFile(path.join(dir, "outside.png"), "secret");
    await writeFile(path.join(dir, "private/photo.png"), "secret");
    await symlink(path.join(dir, "outside.png"), path.join(dir, "public/linked.png"));
    await symlink(path.join(dir, "private"), path.join(dir, "public/photos"));
    const publicDir = path.join(dir, "public");
    expect(await readPublicFile(publicDir, "/../outside.png")).toEqual({ kind: "outside" });
    expect(await readPublicFile(publicDir, "/linked.png")).toEqual({ kind: "outside", link: path.join(publicDir, "linked.png") });
    expect(await readPublicFile(publicDir, "/photos/photo.png")).toEqual({ kind: "outside", link: path.join(publicDir, "photos", "photo.png") });
  });

  it("reads through a public/ that is itself a link: the real folder is the boundary", async () => {
    const dir = folder();
    await mkdir(path.join(dir, "elsewhere"));
    await writeFile(path.join(dir, "elsewhere/a.png"), "picture");
    await symlink(path.join(dir, "elsewhere"), path.join(dir, "public"));
    expect(await readPublicFile(path.join(dir, "public"), "/a.png")).toEqual({ kind: "file", bytes: Buffer.from("picture") });
  });
});
