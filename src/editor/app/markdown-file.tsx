import { useMemo, useState } from "react";
import { diffOps } from "../../yaml-edit/edit-ops.ts";
import { api, type EditedFile, type FileChange, type JsonSchema } from "./api.ts";
import { runSave, StatusBar, type SaveStatus } from "./file-form.tsx";
import { MarkdownPreview } from "./markdown-preview.tsx";
import { formSchema, problemErrors } from "./form-schema.ts";
import { SchemaForm } from "./schema-form.tsx";
import { useUnsavedGuard } from "./unsaved-guard.ts";
import { DraftOffer } from "./draft-offer.tsx";
import { forgetSaved, reapplied, removeDraft, useDraftKeeper, useOfferedDraft } from "./drafts.ts";
import type { EditOp } from "../../yaml-edit/edit-ops.ts";

export interface MarkdownFileProps {
  file: string;
  /** The file as read; none for a file the save creates from `draft`. */
  initial: EditedFile | undefined;
  /** A new file's front matter and text until it is saved. */
  draft?: { data: Record<string, unknown>; body: string };
  schema: JsonSchema;
  /** Prefix of the fields' ids: `article` (`#article_title`, `#article-body`), `article_es`. */
  id: string;
  /** The language this version is in, shown above it ("English", "Español (es)"). */
  language: string;
  saveLabel: string;
  /** A line above the form: what to do with a draft. */
  note?: string;
  /** The saved file's page, when the site builds one. */
  pagePath?(data: Record<string, unknown>): string | undefined;
  /** Whether a picture can be uploaded into the front matter's `image` (articles). */
  picture?: boolean;
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
}

/** One language's version of a markdown file: its front matter as a form, its text with a preview. */
export function MarkdownFile({ file, initial, draft, schema, id, language, saveLabel, note, pagePath, picture, onSaved, onPreview }: MarkdownFileProps) {
  // The values and text the form starts from, as it mounts (a new file's draft is made again on each render).
  const [original] = useState(() => (initial?.data ?? draft?.data ?? {}) as Record<string, unknown>);
  const [startBody] = useState(() => initial?.body ?? draft?.body ?? "");
  const [data, setData] = useState<Record<string, unknown>>(original);
  const [body, setBody] = useState(initial?.body ?? draft?.body ?? "");
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  // A refusal is said as an error (role=alert, red), a picture taken as news.
  const [uploadMessage, setUploadMessage] = useState<{ text: string; refused?: boolean }>({ text: "" });
  const form = useMemo(() => formSchema(schema), [schema]);
  const errors = useMemo(() => problemErrors(status?.problems ?? [], file), [status, file]);
  const page = initial ? pagePath?.(original) : undefined;
  // A draft is not on disk until saved; a file is changed when its values or its text are.
  useUnsavedGuard(() => !initial || body !== (initial.body ?? "") || diffOps(original, data).length > 0);
  // What was typed and not saved is kept in the browser (drafts.ts): a new file's once it differs from how it started.
  const ops = useMemo(() => diffOps(original, data), [original, data]);
  const typed = body !== startBody || ops.length > 0;
  const version = initial?.version ?? "new";
  const { offered, settle } = useOfferedDraft<{ ops: EditOp[]; body: string; from?: string }>(file);
  useDraftKeeper(file, version, { ops, body, from: startBody }, typed, offered !== undefined);
  // The text is kept whole, not as changes: when the file's text changed since, restoring it replaces that.
  const replaces = offered !== undefined && offered.value.from !== undefined && offered.value.from !== startBody && offered.value.body !== startBody;
  const restore = () => {
    if (!offered) return;
    setData(reapplied(data, offered.value.ops) as Record<string, unknown>);
    setBody(offered.value.body);
    settle();
  };
  const discard = () => {
    removeDraft(file);
    settle();
  };

  const upload = async (chosen: File) => {
    setUploadMessage({ text: `Uploading ${chosen.name}…` });
    const { status: code, body: answer } = await api<{ path?: string; note?: string; error?: string }>(`upload?name=${encodeURIComponent(chosen.name)}`, { method: "POST", body: chosen });
    if (code === 200 && answer.path) {
      setData({ ...data, image: answer.path });
      const scaled = answer.note ? `${answer.note} ` : "";
      setUploadMessage({ text: `${scaled}Uploaded: it goes into public${answer.path} when you save the article. Describe it in “Image alt” for people who cannot see it.` });
    } else setUploadMessage({ text: `Not uploaded: ${answer.error ?? `upload failed (${code})`}`, refused: true });
  };
  const submit = async () => {
    setSaving(true);
    const change: FileChange = initial ? { file, version: initial.version, ops: diffOps(original, data), body } : { file, create: data, body };
    const files = await runSave([change], setStatus).finally(() => setSaving(false));
    if (files) {
      forgetSaved(file);
      onSaved(files);
    }
  };
  return (
    <section className="markdown-file" aria-label={`${language}: ${file}`} data-file={file}>
      <header className="file-form-header">
        <h3>{language}</h3>
        <button type="button" className="save" disabled={saving} onClick={submit}>{saveLabel}</button>
      </header>
      <p className="file-line">
        <code className="file-name" title={file}>{file}</code>
        {page && <button type="button" className="link" onClick={() => onPreview(page)}>Show it in the preview</button>}
      </p>
      {offered && <DraftOffer draft={offered} version={version} note={replaces ? "The text was changed since: Restore them puts your text in place of it; check it before you Save." : undefined} onRestore={restore} onDiscard={discard} />}
      <StatusBar status={status} saving={saving} />
      {note && <p className="draft-note">{note}</p>}
      {picture && (
        <div className="picture">
          <label htmlFor={`${id}-picture`}>Picture (JPEG, PNG, WebP or AVIF; a larger photo is scaled down)</label>
          <input id={`${id}-picture`} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(event) => { const picked = event.target.files?.[0]; if (picked) void upload(picked); }} />
          {uploadMessage.refused
            ? <p role="alert" className="upload-message refused">{uploadMessage.text}</p>
            : <p role="status" className="upload-message">{uploadMessage.text}</p>}
        </div>
      )}
      <SchemaForm id={id} schema={form} data={data} errors={errors} readonly={saving || offered !== undefined} onChange={(next) => setData(next as Record<string, unknown>)} />
      <div className="markdown">
        <div>
          <label htmlFor={`${id}-body`}>Text (markdown)</label>
          <textarea id={`${id}-body`} rows={18} value={body} readOnly={saving || offered !== undefined} onChange={(event) => setBody(event.target.value)} />
        </div>
        <MarkdownPreview file={file} body={body} language={language} onPreview={onPreview} />
      </div>
    </section>
  );
}
