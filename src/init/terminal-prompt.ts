import { createInterface } from "node:readline/promises";
import { UserError } from "../errors.ts";
import type { Ask } from "./answers.ts";

/** Asks on the terminal (stdin and stdout both a TTY), or undefined when there is none. */
export function terminalAsk(): { ask: Ask; close: () => void } | undefined {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return undefined;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const stop = new AbortController();
  // Ctrl-C while asked: stop there, before anything is written.
  terminal.on("SIGINT", () => stop.abort());
  // Ctrl-D: no more answers will come.
  terminal.on("close", () => stop.abort());
  return {
    ask: async (question, problem) => {
      if (problem) process.stdout.write(problem.replace(/^/gm, "  ") + "\n");
      try {
        return await terminal.question(`${question.prompt} (e.g. ${question.example}): `, { signal: stop.signal });
      } catch (error) {
        if (stop.signal.aborted) throw new UserError("\nStopped; nothing was written.", { cause: error });
        throw error;
      }
    },
    close: () => terminal.close(),
  };
}
