import { createLogger, type Logger } from "../../src/log.ts";

/** A logger that keeps what it prints, line by line and without colours: a test reads what a server told the terminal. */
export function terminalLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = {
    write(chunk: string) {
      lines.push(...chunk.split("\n").filter(Boolean));
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return { log: createLogger({ stdout: stream, stderr: stream, env: { NO_COLOR: "1" } }), lines };
}
