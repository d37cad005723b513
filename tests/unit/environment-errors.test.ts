import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reportFailure } from "../../src/cli.ts";
import { environmentMessage } from "../../src/environment-errors.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

/** The error a failed file-system call throws, caught. */
async function caught(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

/** An error as Node's file system throws it for `code` (for codes a test cannot cause as root). */
function systemError(code: string, syscall: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, ${syscall} '${file}'`), { code, syscall, path: file, errno: -1 });
}

describe("errors of the machine", () => {
  it("a full disk (a write to /dev/full) names the folder being written and what to do", async () => {
    const error = await caught(() => writeFile("/dev/full", "x"));
    expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    expect(environmentMessage(error, "/srv/site/dist")).toBe(
      "no space left on the disk writing /srv/site/dist: free some space there and try again",
    );
  });

  it("a name too long names the path", async () => {
    const long = path.join(tmpdir(), "x".repeat(300));
    const error = await caught(() => mkdir(long));
    expect(environmentMessage(error)).toBe(
      `a name is too long for this file system: ${long}: shorten the address of the page it is for (an article's file name, a town's slug) or the output folder's path`,
    );
  });

  it("no permission and a read-only disk each name the path, also as the cause of another error", () => {
    const denied = new Error("could not write the output", { cause: systemError("EACCES", "open", "/var/www/site/.site.lock") });
    expect(environmentMessage(denied)).toBe(
      "permission denied: /var/www/site/.site.lock: check who owns it and its permissions (ls -l), or choose a folder you can write to with --out",
    );
    expect(environmentMessage(systemError("EROFS", "mkdir", "/media/cd/dist"))).toBe("/media/cd/dist is on a read-only file system: choose a folder you can write to with --out");
    expect(environmentMessage(new Error("template bug"))).toBeUndefined();
  });

  it("the CLI prints them as one line, not as a bug with a stack trace", () => {
    const { log, lines } = terminalLog();
    expect(reportFailure(systemError("EROFS", "open", "/media/cd/.dist.lock"), log)).toBe(1);
    expect(lines).toEqual(["/media/cd/.dist.lock is on a read-only file system: choose a folder you can write to with --out"]);
  });
});

describe("the dev server's overlay and terminal", () => {
  it("show a machine's error as its one line, and a bug with its stack", async () => {
    const { describeFailure } = await import("../../src/errors.ts");
    const full = await caught(() => writeFile("/dev/full", "x"));
    expect(describeFailure(Object.assign(full as Error, { path: "/dev/shm/site" })).lines).toEqual([
      "no space left on the disk writing /dev/shm/site: free some space there and try again",
    ]);
    expect(describeFailure(new Error("template bug")).lines[0]).toMatch(/^internal error: Error: template bug\n\s+at /);
  });
});
