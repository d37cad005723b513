import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { useCallback, useMemo, useState } from "react";
import { diffOps, type EditOp } from "../../yaml-edit/edit-ops.ts";
import { loadState, problemLine, save, type EditedFile, type Problem } from "./api.ts";
import { tellSaveNews } from "./save-news.ts";
import { problemErrors } from "./form-schema.ts";
import { SchemaForm } from "./schema-form.tsx";
import { useUnsavedGuard } from "./unsaved-guard.ts";
import { DraftOffer } from "./draft-offer.tsx";
import { forgetSaved, reapplied, removeDraft, useDraftKeeper, useOfferedDraft } from "./drafts.ts";
import { afterSave } from "./online.ts";

export interface SaveStatus {
  problems: Problem[];
  message?: string;
  conflict?: boolean;
  /** A conflict's fields (dotted) that the other save changed too. */
  fields?: string[];
}

/** What a save said: saved, the problems (each as the CLI prints it), or a conflict to reload. */
export function StatusBar({ status, saving, onReload = () => location.reload() }: { status: SaveStatus | undefined; saving: boolean; onReload?(): void }) {
  if (saving) return <p className="status" role="status">Checking the whole site and saving…</p>;
  if (!status) return <p className="status" role="status" />;
  if (status.conflict) {
    return (
      <div className="status conflict" role="alert">
        <p>{status.message}</p>
        <button type="button" onClick={onReload}>Reload</button>
      </div>
    );
  }
  if (status.problems.length === 0) return <p className="status saved" role="status">{status.message}</p>;
  return (
    <div className="status problems" role="alert">
      <p>{status.message}</p>
      <ul>{status.problems.map((problem, i) => <li key={i}><code>{problemLine(problem)}</code></li>)}</ul>
    </div>
  );
}

/** Turns a save's answer into what the page shows; returns the saved files, if saved. */
export async function runSave(changes: Parameters<typeof save>[0], show: (status: SaveStatus) => void): Promise<Record<string, EditedFile> | undefined> {
  const result = await save(changes);
  if (result.kind === "saved") {
    show({ problems: [], message: `Saved ${Object.keys(result.files).join(", ")}. ${afterSave()}` });
    tellSaveNews({ saved: Object.keys(result.files), leftToDo: result.leftToDo.map(problemLine) });
    return result.files;
  }
  if (result.kind === "invalid") show({ problems: result.problems, message: result.message });
  else if (result.kind === "conflict") show({ problems: [], message: result.message, conflict: true, fields: result.fields });
  else show({ problems: [], message: result.message });
  tellSaveNews({ failed: result.message });
  return undefined;
}

interface FileFormProps {
  file: string;
  title: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  initial: EditedFile;
  /** Keys of the file that another section edits (the towns of site.yaml). */
  without?: string[];
  onSaved(files: Record<string, EditedFile>): void;
}

function pick(data: unknown, without: string[] = []): unknown {
  if (!data || typeof data !== "object") return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !without.includes(key)));
}

/** One YAML file as a form: Save sends only the changed values, with the version read. */
export function FileForm({ file, title, schema, uiSchema, initial, without, onSaved }: FileFormProps) {
  // The file the form's changes are made from: the one read at start, or the newer one a conflict's Reload read.
  const [base, setBase] = useState(initial);
  const original = useMemo(() => pick(base.data, without), [base, without]);
  const [data, setData] = useState<unknown>(original);
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  const errors = useMemo(() => problemErrors(status?.problems ?? [], file), [status, file]);
  const onChange = useCallback((next: unknown) => setData(next), []);
  const ops: EditOp[] = useMemo(() => diffOps(original, data), [original, data]);
  useUnsavedGuard(() => ops.length > 0);
  // What was typed and not saved is kept in the browser (drafts.ts) and offered back next time.
  const { offered, settle } = useOfferedDraft<{ ops: EditOp[] }>(file);
  useDraftKeeper(file, base.version, { ops }, ops.length > 0, offered !== undefined);
  // While it is offered the form is read-only (Restore or Discard first): nothing typed meanwhile can be lost.
  const restore = () => {
    setData(reapplied(data, offered?.value.ops ?? []));
    settle();
  };
  const discard = () => {
    removeDraft(file);
    settle();
  };

  const submit = async () => {
    setSaving(true);
    const files = await runSave([{ file, version: base.version, ops }], setStatus).finally(() => setSaving(false));
    // Saved: nothing is left to offer back (before the form is replaced by its saved self).
    if (files) {
      forgetSaved(file);
      onSaved(files);
    }
  };
  // A conflict's Reload: the file as saved elsewhere, with the owner's changes made again on top of
  // it (what they typed is never thrown away); the fields both changed are marked, holding the owner's.
  const reload = async () => {
    const next = (await loadState()).files[file];
    if (!next) return location.reload();
    const clashes = status?.fields ?? [];
    setBase(next);
    setData(reapplied(pick(next.data, without), ops));
    setStatus({
      message: `Reloaded ${file} as it was saved elsewhere, with your changes made again on it. ${clashes.length > 0 ? "The fields marked were changed there too: they hold your text; check them, then Save." : "Save to keep your changes."}`,
      problems: clashes.map((field) => ({ file, field, message: "changed elsewhere too: this is your text; Save keeps it" })),
    });
  };
  return (
    <section className="file-form" aria-label={title} data-file={file}>
      <header className="file-form-header">
        <h3>{title}</h3>
        <code className="file-name">{file}</code>
        <button type="button" className="save" disabled={saving || ops.length === 0} onClick={submit}>
          Save
        </button>
      </header>
      {offered && <DraftOffer draft={offered} version={base.version} onRestore={restore} onDiscard={discard} />}
      <StatusBar status={status} saving={saving} onReload={() => void reload()} />
      <SchemaForm id={file.replace(/\W+/g, "_")} schema={schema} uiSchema={uiSchema} data={data} errors={errors} readonly={saving || offered !== undefined} onChange={onChange} />
    </section>
  );
}
