// npm run bench:dev: how long from saving a file to the open page being told to reload, for
// the sample site: the median over several edits of an article, a city in site.yaml and the CSS.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startDevServer } from "../src/dev/dev-server.ts";
import { createLogger } from "../src/log.ts";
import { copySample, removeDir } from "../tests/helpers/sample-site.ts";

const EDITS = Number(process.env.BENCH_EDITS ?? 7);

/** Listens to the dev server's event stream and resolves each time an event arrives. */
async function listen(url: string) {
  const response = await fetch(`${url}/__gopher/events`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const waiting: Array<(type: string) => void> = [];
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
        if (data) waiting.shift()?.(JSON.parse(data.slice(6)).type);
      }
    }
  })();
  return {
    next: () => new Promise<string>((resolve) => waiting.push(resolve)),
    close: () => reader.cancel(),
  };
}

const dir = await copySample();
const server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".dev") });
const events = await listen(server.url);

const targets = [
  { name: "article", file: "content/blog/gopher-damage-costs.md", change: (text: string, i: number) => text.replace(/\n$/, `\nEdit ${i}.\n`) },
  { name: "city in site.yaml", file: "site.yaml", change: (text: string, i: number) => text.replace(/Wolf Creek(?: \d+)?\]/, `Wolf Creek ${i}]`) },
  { name: "stylesheet", file: "templates/styles/site.css", change: (text: string, i: number) => `${text}\n.bench-${i} { color: red; }\n` },
];

const rows = [];
for (const target of targets) {
  const times: number[] = [];
  let type = "";
  for (let i = 0; i < EDITS; i++) {
    const file = path.join(dir, target.file);
    const text = await readFile(file, "utf8");
    await server.whenIdle();
    const event = events.next();
    const started = performance.now();
    await writeFile(file, target.change(text, i));
    type = await event;
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  times.sort((a, b) => a - b);
  rows.push({ edit: target.name, event: type, "median ms": Math.round(times[Math.floor(times.length / 2)]!), "min ms": Math.round(times[0]!), "max ms": Math.round(times.at(-1)!) });
}
console.table(rows);
await events.close();
await server.close();
await removeDir(dir);
process.exit(0);
