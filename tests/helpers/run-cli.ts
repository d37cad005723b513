import { spawn } from "node:child_process";
import path from "node:path";

const BIN = path.resolve(import.meta.dirname, "../../bin/gopher-site.js");

export interface CliResult {
  code: number | null;
  /** The signal that ended the process, if one did. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `gopher-site ...args` as a separate process, the way a user does. */
export function runCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv } = { cwd: process.cwd() }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
