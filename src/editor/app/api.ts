import type { MarkedFile } from "../editor-api.ts";
import type { FileChange } from "../save-request.ts";
import type { EditorSchemas } from "../schemas.ts";
import type { Problem } from "../../errors.ts";
import { setDraftSite } from "./drafts.ts";

export type { FileChange, Problem };

export interface EditedFile {
  version: string;
  data: unknown;
  body?: string;
}

export type JsonSchema = Record<string, unknown>;

export type { MarkedFile };

export interface EditorState {
  /** Names this site's drafts kept in the browser (drafts.ts). */
  site?: string;
  /**
   * "site": only the state's first part (site.yaml, each language.yaml, site.yaml's schema; the
   * other schemas empty): what the header and the Business section need. loadState() brings the rest.
   */
  part?: "site";
  files: Record<string, EditedFile>;
  /** Files with git's conflict markers: the editor opens with their choice, and nothing else. */
  marked?: MarkedFile[];
  schemas: EditorSchemas;
  untranslated: Array<{ language: string; items: string[] }>;
}

export type SaveResult =
  | { kind: "saved"; files: Record<string, EditedFile>; leftToDo: Problem[] }
  | { kind: "invalid"; message: string; problems: Problem[] }
  | { kind: "conflict"; message: string; file: string; fields: string[] }
  | { kind: "failed"; message: string };

/** This run's secret, from the page the editor server made: every API call carries it. */
const secret = document.querySelector<HTMLMetaElement>('meta[name="editor-secret"]')?.content ?? "";

export async function api<T>(route: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`/__editor/api/${route}`, { ...init, headers: { ...(init.headers as Record<string, string>), "x-editor-secret": secret } });
  return { status: response.status, body: (await response.json()) as T };
}

/** The editor's state; with `part` "site", only its first part (EditorState's `part`), a fraction of a large site's. */
export async function loadState(part?: "site"): Promise<EditorState> {
  const { status, body } = await api<EditorState & { error?: string }>(part ? `state?part=${part}` : "state");
  if (status !== 200) throw new Error(body.error ?? `the editor server answered ${status}`);
  if (body.site) setDraftSite(body.site);
  // The first part has site.yaml's schema alone: the others are empty until the rest comes.
  if (body.part) return { ...body, schemas: { copy: {}, article: {}, legal: {}, language: {}, site: body.schemas.site }, untranslated: [] };
  return body;
}

export async function save(changes: FileChange[]): Promise<SaveResult> {
  type Answer = { error?: string; problems?: Problem[]; conflict?: string; fields?: string[]; files?: Record<string, EditedFile>; leftToDo?: Problem[] };
  let answer: { status: number; body: Answer };
  try {
    answer = await api<Answer>("save", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ changes }) });
  } catch {
    // No answer (the connection lost, the server stopped) or not the editor's (a proxy's error page).
    return { kind: "failed", message: "Not saved: the editor could not be reached. What you typed is kept here (and in this browser if the tab closes); Save again when the connection is back." };
  }
  const { status, body } = answer;
  if (status === 200) return { kind: "saved", files: body.files!, leftToDo: body.leftToDo ?? [] };
  if (status === 422 && body.problems) return { kind: "invalid", message: body.error!, problems: body.problems };
  if (status === 409) return { kind: "conflict", message: body.error!, file: body.conflict!, fields: body.fields ?? [] };
  return { kind: "failed", message: body.error ?? `the editor server answered ${status}` };
}

/** `file:line:column  field  message`, as the CLI prints a problem. */
export function problemLine(problem: Problem): string {
  let location = problem.file;
  if (problem.line !== undefined) location += `:${problem.line}${problem.column !== undefined ? `:${problem.column}` : ""}`;
  return [location, problem.field, problem.message].filter(Boolean).join("  ");
}
