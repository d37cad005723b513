import { spawn } from "node:child_process";
import path from "node:path";
import { devOutputDir, removeAbandoned } from "../../src/dev/output-folder.ts";
import { REPO_ROOT } from "./sample-site.ts";

export interface EditorProcess {
  url: string;
  /** What the editor's own page sends with every API request. */
  headers: Record<string, string>;
  /** The signal the process ended with. */
  exited: Promise<NodeJS.Signals | null>;
}

/** `gopher-site edit` on a project in a process of its own, told to kill itself at `killAt` (src/test-hooks.ts). */
export async function spawnEditor(project: string, killAt: string): Promise<EditorProcess> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "bin/gopher-site.js"), "edit", "--config", path.join(project, "site.yaml"), "--port", "0"], {
    env: { ...process.env, GOPHER_SITE_TEST_KILL_AT: killAt, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Once it has ended (killed mid-build by a test), what it left in the dev servers' folder goes too.
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal))).then(async (signal) => {
    await removeAbandoned(devOutputDir(project));
    return signal;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Editor at (http:\/\/\S+)\/__editor\//.exec(output);
      if (found) resolve(found[1]!);
    });
    child.on("exit", () => reject(new Error(`the editor stopped: ${output}`)));
  });
  const page = await (await fetch(`${url}/__editor/`)).text();
  const secret = /name="editor-secret" content="([^"]+)"/.exec(page)![1]!;
  return { url, headers: { origin: url, "x-editor-secret": secret, "content-type": "application/json" }, exited };
}
