// npm run bench:dev [-- --towns N]: how long from saving a file to the open page being told to
// reload, for the sample (by default) or a site of N towns (the sample's 28 and synthetic ones, in
// its default language: scripts/synthetic-site.mjs, as npm run bench builds). The median over
// BENCH_EDITS saves (default 7) of an article, one town's paragraph, the phone number (on every
// page) and the stylesheet; then the editor's save-to-reloaded: from the owner's Save (the API call:
// the site built with the new text, which is the check, then site.yaml written) to the preview being
// told to reload, for the same town and the phone. Both servers build where they do for the owner
// (src/dev/output-folder.ts: in memory on Linux). Prints the peak memory of the dev part, the load
// before and after, and the machine, so a result can be judged.
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { startDevServer } from "../src/dev/dev-server.ts";
import { startEditor } from "../src/editor/editor-server.ts";
import { copySample, removeDir } from "../tests/helpers/sample-site.ts";
import { changeWord, devEdits, middleTown, phoneNumber } from "./bench-dev-edits.ts";
import { listen, load, machine, megabytes, pagesOf, peakMemory, recordingLogger, summary } from "./bench-dev-measure.ts";
import { makeSyntheticSite } from "./synthetic-site.mjs";

const SAMPLE_TOWNS = 28;
const EDITS = Number(process.env.BENCH_EDITS ?? 7);
const usage = "usage: npm run bench:dev [-- --towns N]   (N >= 28: the sample's 28 towns and N - 28 synthetic ones; BENCH_EDITS=7 saves per row)";

let towns: number | undefined;
try {
  const { values } = parseArgs({ options: { towns: { type: "string" } } });
  towns = values.towns === undefined ? undefined : Number(values.towns);
  if (towns !== undefined && !(Number.isInteger(towns) && towns >= SAMPLE_TOWNS)) throw new Error(`--towns takes a whole number of towns, at least ${SAMPLE_TOWNS}: got ${values.towns}`);
  if (!(Number.isInteger(EDITS) && EDITS >= 1)) throw new Error(`BENCH_EDITS takes a whole number of saves, at least 1: got ${process.env.BENCH_EDITS}`);
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
/** A fresh project: the sample as it ships (both languages), or the synthetic site of `towns` towns. */
const project = (): Promise<string> => (towns === undefined ? copySample() : makeSyntheticSite(towns - SAMPLE_TOWNS));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Events = Awaited<ReturnType<typeof listen>>;

/**
 * Saves as many editors do (vim, JetBrains' safe write): the new text written beside, outside the
 * watched folders, then renamed over the file. The row "saved in place" writes the file itself
 * (truncated, then written, as VS Code and nano do): a build that read it half written is let go
 * and made again (src/dev/files-at-rest.ts); "error first" counts an error shown meanwhile.
 */
async function save(project: string, file: string, text: string) {
  const aside = path.join(project, ".bench-save.tmp");
  await writeFile(aside, text);
  await rename(aside, file);
}

/**
 * Before a save: a late watcher event may start one more build; wait for it to end and for its
 * event to arrive, then forget that event, so the save's wait starts clean.
 */
async function quiet(server: { whenIdle(): Promise<void> }, events: Events) {
  await pause(100);
  await server.whenIdle();
  await pause(20);
  events.drain();
}

/**
 * The event that ends a save: a reload or a stylesheet swap. An error before it (the watcher read
 * the file half written, and the page showed the overlay a moment) is counted; an error that stays
 * means the edit broke the site, and stops the bench with the build's message.
 */
async function settled(first: Promise<string>, events: Events, log: ReturnType<typeof recordingLogger>, what: string) {
  let type = await first;
  let errors = 0;
  while (type === "error") {
    errors++;
    type = await events.next(30_000);
  }
  if (type === "timeout") throw new Error(`${what}: no reload came${errors > 0 ? `; the site stayed broken:\n${log.errors.join("\n")}` : ""}`);
  return { type, errors };
}

console.log(machine());
const loadBefore = load();
const rows: Array<Record<string, string | number>> = [];
/** Adds a row to the table, and says so on stderr: at 10,000 towns the table comes minutes later. */
function row(line: Record<string, string | number> & { edit: string; "median ms": number }) {
  rows.push(line);
  console.error(`${line.edit}: median ${line["median ms"]} ms`);
}

// The dev server: each save written as a text editor writes it, timed to the reload (or CSS swap) event.
const dir = await project();
const original = await readFile(path.join(dir, "site.yaml"), "utf8");
const town = middleTown(original);
const memory = peakMemory();
const devLog = recordingLogger();
let started = performance.now();
const server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: devLog });
row({ edit: "dev: start (first build)", event: "-", redone: pagesOf(devLog.last), "median ms": Math.round(performance.now() - started) });
const events = await listen(server.url);
for (const edit of devEdits(town.slug)) {
  const file = path.join(dir, edit.file);
  const text = await readFile(file, "utf8");
  const times: number[] = [];
  let type = "";
  let flashes = 0;
  for (let i = 0; i < EDITS; i++) {
    const changed = edit.change(text, i);
    if (changed === text) throw new Error(`the ${edit.name} edit changed nothing in ${edit.file}`);
    await quiet(server, events);
    const event = events.next();
    started = performance.now();
    if (edit.inPlace) await writeFile(file, changed);
    else await save(dir, file, changed);
    const end = await settled(event, events, devLog, `dev: ${edit.name}, save ${i + 1}`);
    times.push(performance.now() - started);
    type = end.type;
    flashes += end.errors > 0 ? 1 : 0;
  }
  row({ edit: `dev: ${edit.name}`, event: type, redone: pagesOf(devLog.last), ...summary(times), "error first": `${flashes} of ${EDITS}` });
  // Put back: the next row starts from the site as it was.
  await quiet(server, events);
  const back = events.next();
  await save(dir, file, text);
  await settled(back, events, devLog, `dev: ${edit.name} put back`);
}
await server.whenIdle();
const devPeak = memory.stop();
const devMaxRss = process.resourceUsage().maxRSS * 1024;
await events.close();
await server.close();
await removeDir(dir);

// The editor: Saves through its API, as the owner's Save button sends them.
const editorDir = await project();
const editorLog = recordingLogger();
started = performance.now();
const editor = await startEditor({ config: path.join(editorDir, "site.yaml"), port: 0, log: editorLog });
row({ edit: "editor: start (first build)", event: "-", redone: pagesOf(editorLog.last), "median ms": Math.round(performance.now() - started) });
const editorEvents = await listen(editor.url);
const headers = { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json" };
const buildsBefore = editor.builds;
const saves = [
  { name: `town paragraph (${town.slug})`, ops: (i: number) => [{ op: "set", path: ["cities", town.index, "intro"], value: changeWord(town.intro, i) }] },
  {
    name: "phone (every page)",
    ops: (i: number) => {
      const { display, tel } = phoneNumber(i);
      return [
        { op: "set", path: ["phone", "display"], value: display },
        { op: "set", path: ["phone", "tel"], value: tel },
      ];
    },
  },
];
const answeredIn: string[] = [];
for (const save of saves) {
  const times: number[] = [];
  const answered: number[] = [];
  let type = "";
  for (let i = 0; i < EDITS; i++) {
    await quiet(editor, editorEvents);
    const state = (await (await fetch(`${editor.url}/__editor/api/state`, { headers })).json()) as { files: Record<string, { version: string }> };
    const body = JSON.stringify({ changes: [{ file: "site.yaml", version: state.files["site.yaml"]!.version, ops: save.ops(i) }] });
    const event = editorEvents.next();
    started = performance.now();
    const response = await fetch(`${editor.url}/__editor/api/save`, { method: "POST", headers, body });
    if (response.status !== 200) throw new Error(`the editor refused the save: ${await response.text()}`);
    answered.push(performance.now() - started);
    type = (await settled(event, editorEvents, editorLog, `editor Save: ${save.name}, save ${i + 1}`)).type;
    times.push(performance.now() - started);
  }
  row({ edit: `editor Save: ${save.name}`, event: type, redone: pagesOf(editorLog.last), ...summary(times), "error first": "-" });
  answeredIn.push(`${save.name} ${summary(answered)["median ms"]} ms`);
}
await editor.whenIdle();
const editorBuilds = editor.builds - buildsBefore;
await editorEvents.close();
await editor.close();
await removeDir(editorDir);

console.log(`${towns === undefined ? "the sample (both languages)" : `${towns.toLocaleString("en")} towns (the sample's ${SAMPLE_TOWNS} and ${(towns - SAMPLE_TOWNS).toLocaleString("en")} synthetic, default language only)`}; ${EDITS} saves per row; times from the save (the file renamed into place, or the Save's request) to the reload event`);
console.table(rows);
console.log(`editor: the Save's answer (sent once the reload is), median: ${answeredIn.join("; ")}; ${editorBuilds} rebuilds for ${EDITS * saves.length} saves`);
console.log(`dev: peak memory (RSS, sampled every 20 ms from the start to the last save) ${megabytes(devPeak)}; the process's maxRSS by then ${megabytes(devMaxRss)}`);
console.log(`load average (1, 5, 15 min): before ${loadBefore}; after ${load()}`);
process.exit(0);
