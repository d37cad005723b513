import type { HistoryAnswer, PublishAnswer, UndoAnswer, Unpublished } from "../editor-versions.ts";
import { api, problemLine, type Problem } from "./api.ts";

export type { Unpublished };
export type { Version } from "../../publish/history.ts";

/** A versions request's answer: its value, or what refused it (each problem as the CLI prints it). */
export type Answer<T> = { ok: true; value: T } | { ok: false; message: string; problems: string[] };

async function ask<T>(route: string, body?: unknown): Promise<Answer<T>> {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const { status, body: answer } = await api<T & { error?: string; problems?: Problem[] }>(route, init).catch((error: Error) => ({
    status: 0,
    body: { error: `the editor server did not answer (${error.message}); is gopher-site edit still running?` } as T & { error?: string; problems?: Problem[] },
  }));
  if (status === 200) return { ok: true, value: answer };
  return { ok: false, message: answer.error ?? `the editor server answered ${status}`, problems: (answer.problems ?? []).map(problemLine) };
}

export const unpublishedChanges = () => ask<Unpublished>("unpublished");
export const publishSite = (message: string) => ask<PublishAnswer>("publish", message.trim() ? { message: message.trim() } : {});
export const siteVersions = () => ask<HistoryAnswer>("history");
export const undoVersion = (id: string) => ask<UndoAnswer>("undo", { id });
