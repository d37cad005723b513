// npm run bench:dev: how long from saving a file to the open page being told to reload, for
// the sample site: the median over several edits of an article, a city in site.yaml and the CSS;
// then the editor's save-to-reloaded: from the owner's Save (the API call: the site built with the
// new text, which is the check, then site.yaml written) to the preview being told to reload. Both
// servers build where they do for the owner (src/dev/output-folder.ts: in memory on Linux).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startDevServer } from "../src/dev/dev-server.ts";
import { startEditor } from "../src/editor/editor-server.ts";
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
const server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: createLogger({ level: "quiet" }) });
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
// A late watcher event may start one more build: let it finish before the folder goes.
await server.whenIdle();
await events.close();
await server.close();
await removeDir(dir);

// The editor: Saves through its API, as the owner's Save button sends them. A new phone number
// (display and tel, which must agree) changes every page; a town's neighbourhood (the same edit as
// "city in site.yaml" above) changes a few.
const editorDir = await copySample();
const editor = await startEditor({ config: path.join(editorDir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }) });
const editorEvents = await listen(editor.url);
const headers = { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json" };
const buildsBefore = editor.builds;
type Cities = Array<{ neighborhoods: string[] }>;
const saves = [
  {
    name: "editor Save: phone",
    ops: (i: number) => {
      const digits = String(100 + i).padStart(4, "0");
      return [
        { op: "set", path: ["phone", "display"], value: `(951) 555-${digits}` },
        { op: "set", path: ["phone", "tel"], value: `+1951555${digits}` },
      ];
    },
  },
  {
    name: "editor Save: a town",
    ops: (i: number, data: { cities: Cities }) => {
      const town = data.cities.findIndex((city) => city.neighborhoods.some((name) => name.startsWith("Wolf Creek")));
      const at = data.cities[town]!.neighborhoods.findIndex((name) => name.startsWith("Wolf Creek"));
      return [{ op: "set", path: ["cities", town, "neighborhoods", at], value: `Wolf Creek ${i}` }];
    },
  },
];
const median = (times: number[]) => Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!);
const answeredBy: string[] = [];
for (const save of saves) {
  const times: number[] = [];
  const answered: number[] = [];
  let type = "";
  for (let i = 0; i < EDITS; i++) {
    await editor.whenIdle();
    const state = (await (await fetch(`${editor.url}/__editor/api/state`, { headers })).json()) as { files: Record<string, { version: string; data: { cities: Cities } }> };
    const site = state.files["site.yaml"]!;
    const event = editorEvents.next();
    const started = performance.now();
    const response = await fetch(`${editor.url}/__editor/api/save`, { method: "POST", headers, body: JSON.stringify({ changes: [{ file: "site.yaml", version: site.version, ops: save.ops(i, site.data) }] }) });
    if (response.status !== 200) throw new Error(`the editor refused the save: ${await response.text()}`);
    answered.push(performance.now() - started);
    type = await event;
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rows.push({ edit: save.name, event: type, "median ms": median(times), "min ms": Math.round(Math.min(...times)), "max ms": Math.round(Math.max(...times)) });
  answeredBy.push(`${save.name}: answered in ${median(answered)} ms`);
}
console.table(rows);
console.log(`editor: save-to-reloaded is the "editor Save" rows (target: median <= 150 ms); the Save's answer, which comes once the reload is sent, median: ${answeredBy.join("; ")}`);
await editor.whenIdle();
console.log(`editor: ${editor.builds - buildsBefore} rebuilds for ${EDITS * saves.length} saves`);
await editorEvents.close();
await editor.close();
await removeDir(editorDir);
process.exit(0);
