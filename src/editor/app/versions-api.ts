import type { HistoryAnswer, LiveAnswer, PublishAnswer, UndoAnswer, Unpublished } from "../editor-versions.ts";
import type { ClashChoices, FileClash } from "../../publish/value-clash.ts";
import { api, problemLine, type Problem } from "./api.ts";

export type { ClashChoices, FileClash, LiveAnswer, Unpublished };
export type { Version } from "../../publish/history.ts";

/** A versions request's answer: its value, or what refused it (each problem as the CLI prints it; a publish's clash in values). */
export type Answer<T> = { ok: true; value: T } | { ok: false; message: string; problems: string[]; clash?: FileClash[] };

async function ask<T>(route: string, body?: unknown): Promise<Answer<T>> {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  type Refusal = { error?: string; problems?: Problem[]; clash?: FileClash[] };
  const { status, body: answer } = await api<T & Refusal>(route, init).catch((error: Error) => ({
    status: 0,
    body: { error: `the editor server did not answer (${error.message}); is gopher-site edit still running?` } as T & Refusal,
  }));
  if (status === 200) return { ok: true, value: answer };
  return { ok: false, message: answer.error ?? `the editor server answered ${status}`, problems: (answer.problems ?? []).map(problemLine), ...(answer.clash?.length ? { clash: answer.clash } : {}) };
}

export const unpublishedChanges = () => ask<Unpublished>("unpublished");
export const publishSite = (message: string, choices?: ClashChoices) => ask<PublishAnswer>("publish", { ...(message.trim() ? { message: message.trim() } : {}), ...(choices ? { choices } : {}) });
export const siteVersions = () => ask<HistoryAnswer>("history");
export const undoVersion = (id: string) => ask<UndoAnswer>("undo", { id });
export const liveSite = () => ask<LiveAnswer>("live");
