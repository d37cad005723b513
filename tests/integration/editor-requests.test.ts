import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { openOutbox } from "../../src/leads/outbox.ts";
import type { LeadFields } from "../../src/leads/lead-form.ts";
import { MARKS_FILE } from "../../src/leads/lead-marks.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// The editor's Requests section reads what `serve` kept in the project's leads/ (through the
// outbox itself here), marks a request done in a file of its own, and delivers a held one after
// all; every route behind the editor's secret and Origin, each body bounded, each id checked.

let dir: string;
let editor: EditorServer;
const leads = () => path.join(dir, "leads");
const ids = {} as { first: string; second: string; robot: string };

const fields = (name: string, extra: Partial<LeadFields> = {}): LeadFields => ({ name, phone: "(951) 555-0100", town: "Temecula", service: "Residential", message: "Mounds all over the back lawn.", lang: "en", page: "/temecula-gopher-control", thanks: "", ...extra });

beforeAll(async () => {
  dir = await copyFixture("small");
  const outbox = await openOutbox(leads(), { channels: ["email"] });
  ids.first = (await outbox.add(fields("Maria Lopez"), ["email"]))!.id;
  await outbox.delivered(ids.first, "email");
  ids.second = (await outbox.add(fields("Sam Ortiz", { phone: "+1 951 555 0101", message: "" }), ["email"]))!.id;
  ids.robot = (await outbox.add(fields("Cheap Pills"), ["email"], { spam: "honeypot" }))!.id;
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(dir, ".edit-out") });
}, 90_000);

afterAll(async () => {
  await editor?.close();
  if (dir) await removeDir(dir);
});

async function call(route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${editor.url}/__editor/api/${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, any> };
}

it("lists the people's requests newest first, with what became of each, and the robots' apart", async () => {
  const { status, body } = await call("requests");
  expect(status).toBe(200);
  // Each test's own requests (another test delivers a held one of its own, which then joins this list).
  expect(body.requests.map((request: { name: string }) => request.name).filter((name: string) => name !== "Released Robot")).toEqual(["Sam Ortiz", "Maria Lopez"]);
  const byId = (id: string) => body.requests.find((request: { id: string }) => request.id === id);
  expect(byId(ids.first)).toMatchObject({ id: ids.first, phone: "(951) 555-0100", town: "Temecula", service: "Residential", message: "Mounds all over the back lawn.", page: "/temecula-gopher-control", status: "delivered (email)" });
  expect(byId(ids.second).status).toBe("waiting to be delivered");
  expect(body.held.find((request: { id: string }) => request.id === ids.robot)).toMatchObject({ name: "Cheap Pills", status: "held: honeypot" });
  expect(body.requests.map((request: { id: string }) => request.id)).not.toContain(ids.robot);
});

it("marks a request done in its own file, and not done again; the outbox's files are left alone", async () => {
  const before = (await readFile(path.join(leads(), MARKS_FILE), "utf8").catch(() => "")).split("\n").filter(Boolean).length;
  expect((await call("requests/done", { id: ids.first, done: true })).status).toBe(200);
  let listed = (await call("requests")).body;
  expect(listed.requests.find((request: { id: string }) => request.id === ids.first).done).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(listed.requests.find((request: { id: string }) => request.id === ids.second).done).toBeUndefined();
  expect((await call("requests/done", { id: ids.first, done: false })).status).toBe(200);
  listed = (await call("requests")).body;
  expect(listed.requests.find((request: { id: string }) => request.id === ids.first).done).toBeUndefined();
  const marks = (await readFile(path.join(leads(), MARKS_FILE), "utf8")).trim().split("\n").slice(before);
  expect(marks.map((line) => JSON.parse(line))).toMatchObject([{ id: ids.first, done: true }, { id: ids.first, done: false }]);
  // The outbox reads its files as before: the second request is still to deliver.
  const outbox = await openOutbox(leads(), { channels: ["email"] });
  const pending = (await outbox.pending()).map((entry) => entry.lead.id);
  expect(pending).toContain(ids.second);
  expect(pending).not.toContain(ids.first);
});

it("delivers a held request after all, once", async () => {
  const outbox = await openOutbox(leads(), { channels: ["email"] });
  const held = (await outbox.add(fields("Released Robot"), ["email"], { spam: "too fast" }))!.id;
  expect((await call("requests")).body.held.map((request: { id: string }) => request.id)).toContain(held);
  const released = await call("requests/release", { id: held });
  expect(released.status).toBe(200);
  expect(released.body.message).toContain("Delivered after all");
  const listed = (await call("requests")).body;
  expect(listed.held.map((request: { id: string }) => request.id)).not.toContain(held);
  expect(listed.requests.map((request: { id: string }) => request.id)).toContain(held);
  expect((await call("requests/release", { id: held })).status).toBe(404);
});

it("refuses a stranger, a forged Origin, an unknown or malformed id and an oversized body", async () => {
  expect((await call("requests", undefined, { "x-editor-secret": "guess" })).status).toBe(403);
  expect((await call("requests/done", { id: ids.first }, { origin: "https://evil.example" })).status).toBe(403);
  expect((await call("requests/done", { id: "../../site.yaml" })).status).toBe(400);
  expect((await call("requests/done", { id: `${ids.first}\n{"id":"x","done":true}` })).status).toBe(400);
  expect((await call("requests/done", { id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  expect((await call("requests/release", { id: "0000" })).status).toBe(400);
  expect((await call("requests/done", JSON.stringify({ id: ids.first, pad: "x".repeat(4096) }))).status).toBe(413);
  expect((await call("requests/done", "{not json")).status).toBe(400);
  // Nothing of the refused calls was written.
  const marks = await readFile(path.join(leads(), MARKS_FILE), "utf8").catch(() => "");
  expect(marks).not.toContain("00000000-0000-4000-8000-000000000000");
  expect(marks).not.toContain("site.yaml");
});
