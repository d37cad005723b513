import { execFile } from "node:child_process";
import { UserError } from "./errors.ts";

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** git could not do what was asked: its own words, one line for the owner, no stack (a UserError). */
export class GitError extends UserError {
  readonly stderr: string;
  constructor(args: readonly string[], result: GitResult) {
    const words = result.stderr.trim().split("\n").filter(Boolean).slice(0, 3).join(" / ") || `exit code ${result.code}`;
    super(`git ${args[0]} failed: ${words}`);
    this.name = "GitError";
    this.stderr = result.stderr;
  }
}

export const GIT_MISSING =
  "git is not installed, and gopher-site keeps the site's versions with it: install git (https://git-scm.com, or apt install git / brew install git), then run this again";

/**
 * Runs the installed git in `cwd`, without a shell, whatever its exit code. Prompts are off: a push
 * that needs a password fails with git's message instead of waiting for a terminal nobody sees.
 */
export function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_EDITOR: "true", LC_ALL: "C" };
    execFile("git", args, { cwd, env, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT" && typeof error.code !== "number") {
        reject(new UserError(GIT_MISSING, { cause: error }));
        return;
      }
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs git and returns its output; a failure throws a GitError in git's words. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const result = await runGit(cwd, args);
  if (result.code !== 0) throw new GitError(args, result);
  return result.stdout;
}

/** Whether git is installed (init skips the repository, with a note, when it is not). */
export async function gitInstalled(): Promise<boolean> {
  try {
    await runGit(process.cwd(), ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/** The top folder of the repository holding `dir`, or undefined when it is in none. */
export async function repositoryTop(dir: string): Promise<string | undefined> {
  const result = await runGit(dir, ["rev-parse", "--show-toplevel"]);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

export const IDENTITY_HINT =
  'git does not know your name for the versions it keeps: run git config --global user.name "Your Name" and git config --global user.email you@example.com, then run this again';
