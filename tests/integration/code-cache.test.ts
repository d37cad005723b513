import { execFileSync } from "node:child_process";
import { isAscii } from "node:buffer";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { runCommonJs } from "../../src/code-cache.js";
import { cacheFolder } from "../../src/tool-folders.js";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-code-cache-");

describe("runCommonJs", () => {
  it("runs a CommonJS file with the require it is given", () => {
    const dir = folder();
    const file = path.join(dir, "module.cjs");
    writeFileSync(file, 'module.exports = { answer: require("answer") * 2, name: __filename };');
    expect(runCommonJs(file, { require: () => 21 })).toEqual({ answer: 42, name: file });
  });

  it("reads a file that is not ASCII as UTF-8, and an ASCII one as the same text", () => {
    const dir = folder();
    const utf8 = path.join(dir, "utf8.cjs");
    writeFileSync(utf8, 'module.exports = "señor — 🐹"; // a comment: naïve');
    expect(runCommonJs(utf8)).toBe("señor — 🐹");
    const ascii = path.join(dir, "ascii.cjs");
    writeFileSync(ascii, 'module.exports = "se\\u00f1or \\u2014 \\ud83d\\udc39"; // a comment: na\\u00efve');
    expect(runCommonJs(ascii)).toBe("señor — 🐹");
  });

  it("runs the compiled CLI from ASCII (bin/gopher-site.js escapes what esbuild leaves in comments)", () => {
    execFileSync(process.execPath, ["bin/gopher-site.js", "--version"]);
    const folders = readdirSync(cacheFolder(process.cwd())).filter((name) => name.startsWith("cli-"));
    const newest = folders.map((name) => path.join(cacheFolder(process.cwd()), name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
    for (const name of ["cli.cjs", "render-worker.cjs"]) expect(isAscii(readFileSync(path.join(newest, name)))).toBe(true);
  });

  it("saves the code cache when the process exits, and the next process uses it as it is", () => {
    const dir = folder();
    const file = path.join(dir, "module.cjs");
    const cache = path.join(dir, "module.v8cache");
    writeFileSync(file, "module.exports = (n) => Array.from({ length: n }, (_, i) => i * i).reduce((a, b) => a + b, 0);");
    const script = `import { runCommonJs } from ${JSON.stringify(path.resolve("src/code-cache.js"))}; console.log(runCommonJs(${JSON.stringify(file)}, { cacheFile: ${JSON.stringify(cache)} })(10));`;
    expect(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })).toBe("285\n");
    const saved = statSync(cache);
    expect(saved.size).toBeGreaterThan(0);
    expect(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })).toBe("285\n");
    // Accepted, so not written again.
    expect(statSync(cache).mtimeMs).toBe(saved.mtimeMs);
  });

  it("runs a worker thread's code from the cache the thread wrote when asked (terminated threads get no exit event)", async () => {
    const dir = folder();
    const file = path.join(dir, "thread.cjs");
    const cacheFile = path.join(dir, "thread.v8cache");
    writeFileSync(file, 'const { parentPort } = require("node:worker_threads"); parentPort.on("message", (n) => parentPort.postMessage(Array.from({ length: n }, (_, i) => i * i).reduce((a, b) => a + b, 0)));');
    const runThread = async () => {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(path.resolve("src/code-cache-thread.js"), { workerData: { file, cacheFile, requireFrom: file, cachePort: port2 }, transferList: [port2] });
      worker.postMessage(10);
      const [answer] = (await once(worker, "message")) as [number];
      port1.postMessage("save");
      await once(port1, "message");
      port1.close();
      await worker.terminate();
      return answer;
    };
    expect(await runThread()).toBe(285);
    const saved = statSync(cacheFile);
    expect(saved.size).toBeGreaterThan(0);
    expect(await runThread()).toBe(285);
    // Accepted, so not written again.
    expect(statSync(cacheFile).mtimeMs).toBe(saved.mtimeMs);
  });

  it("listens for the process's exit once, however many modules it runs (a dev session loads one per template edit)", () => {
    const dir = folder();
    const before = process.listenerCount("exit");
    for (let i = 0; i < 12; i++) {
      const file = path.join(dir, `templates-${i}.cjs`);
      writeFileSync(file, `module.exports = ${i};`);
      expect(runCommonJs(file, { cacheFile: path.join(dir, `templates-${i}.v8cache`) })).toBe(i);
    }
    expect(process.listenerCount("exit") - before).toBeLessThanOrEqual(1);
  });
});
