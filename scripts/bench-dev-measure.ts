// npm run bench:dev's instruments: the live-reload event stream, a stopwatch summary, the peak
// memory of this process, and the machine a result was measured on.
import os from "node:os";
import { createLogger, type Logger } from "../src/log.ts";

/**
 * Listens to a dev server's event stream (`/__gopher/events`). next() resolves with the type of the
 * next event, one that came unasked first; drain() forgets those, so a save's wait starts clean.
 */
export async function listen(url: string) {
  const response = await fetch(`${url}/__gopher/events`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const waiting: Array<(type: string) => void> = [];
  const unasked: string[] = [];
  let buffer = "";
  (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = chunk.split("\n").find((line) => line.startsWith("data: "));
        if (!data) continue;
        const type = JSON.parse(data.slice(6)).type as string;
        const waiter = waiting.shift();
        if (waiter) waiter(type);
        else unasked.push(type);
      }
    }
  })();
  return {
    /** The next event's type; "timeout" when none comes within `ms`. */
    next: (ms = 120_000) =>
      new Promise<string>((resolve) => {
        if (unasked.length > 0) return resolve(unasked.shift()!);
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          resolve("timeout");
        }, ms);
        const done = (type: string) => {
          clearTimeout(timer);
          resolve(type);
        };
        waiting.push(done);
      }),
    drain: () => void unasked.splice(0),
    close: () => reader.cancel(),
  };
}

/**
 * A quiet logger that keeps the last summary line ("Rebuilt 3 of 1,000 pages in 80 ms": what a save
 * re-rendered) and the last failure's lines, printed only if a save really breaks the site.
 */
export function recordingLogger(): Logger & { readonly last: string; readonly errors: string[] } {
  let last = "";
  let errors: string[] = [];
  let failing = false;
  return {
    ...createLogger({ level: "quiet" }),
    success(message: string) {
      last = message;
      failing = false;
    },
    error(message: string) {
      if (!failing) errors = [];
      failing = true;
      errors.push(message);
    },
    get last() {
      return last;
    },
    get errors() {
      return errors;
    },
  };
}

/** One table row: the median, fastest and slowest of a set of times in ms. */
export function summary(times: number[]): { "median ms": number; "min ms": number; "max ms": number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { "median ms": Math.round(sorted[Math.floor(sorted.length / 2)]!), "min ms": Math.round(sorted[0]!), "max ms": Math.round(sorted.at(-1)!) };
}

/** What a summary line says was redone: "3 of 1,000 pages", "88 pages, stylesheet swapped". */
export function pagesOf(line: string): string {
  const pages = line.match(/\d[\d,]*(?: of [\d,]+)? pages?/)?.[0] ?? line;
  return line.includes("stylesheet swapped") ? `${pages}, stylesheet swapped` : pages;
}

/** Samples this process's resident memory every `everyMs` until stopped; returns the peak in bytes. */
export function peakMemory(everyMs = 20): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

/** The machine's load averages over 1, 5 and 15 minutes, as uptime prints them. */
export function load(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}

/** Node.js, the CPUs and the total memory: what a result must be read with. */
export function machine(): string {
  const cpus = os.cpus();
  return `Node.js ${process.version}, ${os.availableParallelism()} CPUs (${cpus[0]?.model.trim() ?? "unknown"}), ${Math.round(os.totalmem() / 2 ** 30)} GB`;
}

export const megabytes = (bytes: number): string => `${Math.round(bytes / 2 ** 20)} MB`;
