import { execFileSync } from "node:child_process";
import { cp } from "node:fs/promises";
import path from "node:path";
import { runCli, type CliResult } from "./run-cli.ts";

/** A git identity of its own: a fresh CI machine has none, and this one's must not leak into tests. */
export const GIT_ENV = {
  GIT_AUTHOR_NAME: "Site Owner",
  GIT_AUTHOR_EMAIL: "owner@example.com",
  GIT_COMMITTER_NAME: "Site Owner",
  GIT_COMMITTER_EMAIL: "owner@example.com",
};

/** Runs the real git in `dir` with the tests' identity; returns its output, throws on a failure. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" });
}

/** Runs gopher-site in a site's folder with the tests' git identity. */
export function siteCli(dir: string, ...args: string[]): Promise<CliResult> {
  return runCli(args, { cwd: dir, env: GIT_ENV });
}

export const STARTER_ANSWERS = ["--company", "Cascade Mole Control", "--service", "mole removal", "--phone", "503-555-0142", "--email", "office@cascademole.example.com", "--zip", "97301", "--yes"];

/** Makes a starter site with `init` (a repository with its first version) in `parent`/site. */
export async function initSite(parent: string): Promise<string> {
  const dir = path.join(parent, "site");
  const result = await runCli(["init", dir, ...STARTER_ANSWERS], { cwd: parent, env: GIT_ENV });
  if (result.code !== 0) throw new Error(`init failed: ${result.stderr}`);
  return dir;
}

/** A copy of a site folder, its .git included: each test gets its own repository from one init. */
export async function copySite(from: string, parent: string): Promise<string> {
  const dir = path.join(parent, "site");
  await cp(from, dir, { recursive: true });
  return dir;
}

/** A bare repository beside the site as its `origin`, the branch pushed and tracking it. */
export function addBareRemote(site: string): string {
  const remote = path.join(path.dirname(site), "remote.git");
  execFileSync("git", ["init", "-q", "--bare", "-b", "main", remote]);
  git(site, "remote", "add", "origin", remote);
  git(site, "push", "-q", "-u", "origin", "main");
  return remote;
}

/** A second clone of the remote: someone else publishing from another computer. */
export function cloneOf(remote: string, name = "other"): string {
  const dir = path.join(path.dirname(remote), name);
  git(path.dirname(remote), "clone", "-q", remote, dir);
  return dir;
}

/** The subjects of a repository's versions, newest first. */
export function messages(dir: string, ref = "HEAD"): string[] {
  return git(dir, "log", "--format=%s", ref).split("\n").filter(Boolean);
}
