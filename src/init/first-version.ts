import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { git, gitInstalled, IDENTITY_HINT, repositoryTop, runGit } from "../git.ts";

// What a build, the editor and npm make: none of it is the site's versions. Nor are the quote
// form's requests gopher-site serve keeps in leads/ (customers' names and numbers), nor who may
// sign in to the editor on the server, in owners/ (addresses, passkeys, sessions): a version is
// pushed to a git host and may be public.
const GITIGNORE = `# Made by gopher-site init: what builds, the editor and npm make is not the site's versions,
# nor the requests gopher-site serve keeps (leads/), nor who may sign in to its editor (owners/).
node_modules/
dist/
leads/
owners/
.dist.lock
.dist.staging-*
.dist.previous-*
.gopher-site-edit-*
`;

// npm's files go in too: the deploy workflows run npm ci, which needs them.
const NPM_FILES = ["package.json", "package-lock.json"];

/** What init did about version history: a repository with a first version, or why not (a note). */
export type FirstVersion = { made: true; leftOut: string[] } | { made: false; note: string };

/**
 * Makes `folder` a git repository whose first version holds the starter's files (a .gitignore
 * beside them, unless one is there). Skipped, with a note, when git is not installed or the folder
 * is inside a repository already: then its files are the owner's to add.
 */
export async function startRepository(folder: string, starterPaths: readonly string[]): Promise<FirstVersion> {
  if (!(await gitInstalled())) {
    return { made: false, note: "git is not installed, so the site has no versions yet: install git (https://git-scm.com), then git init here; gopher-site publish saves and pushes the versions." };
  }
  const top = await repositoryTop(folder);
  if (top) return { made: false, note: `This folder is inside the git repository ${top}: the site's files are left for you to add to it (gopher-site publish saves them as a version).` };
  // main, whatever git's default: the workflow in deploy/ publishes on a push to main.
  await git(folder, "init", "-q", "-b", "main");
  const ignore = path.join(folder, ".gitignore");
  if (!existsSync(ignore)) await writeFile(ignore, GITIGNORE, { flag: "wx" });
  const ours = [...starterPaths, ".gitignore", ...NPM_FILES.filter((name) => existsSync(path.join(folder, name)))];
  await git(folder, "add", "--", ...ours);
  const commit = await runGit(folder, ["commit", "-q", "-m", "Site started with gopher-site init"]);
  if (commit.code !== 0) return { made: false, note: `Made a git repository here, but saved no version: ${IDENTITY_HINT.replace("run this again", "gopher-site publish")}` };
  const others = (await git(folder, "ls-files", "--others", "--exclude-standard")).split("\n").filter(Boolean);
  return { made: true, leftOut: others };
}
