import { marked } from "marked";
import { useMemo, useState } from "react";
import { diffOps } from "../edit-ops.ts";
import { api, type EditedFile, type JsonSchema } from "./api.ts";
import { runSave, StatusBar, type SaveStatus } from "./file-form.tsx";
import { formSchema, problemErrors, SchemaForm } from "./schema-form.tsx";

interface ArticlesProps {
  files: Record<string, EditedFile>;
  schema: JsonSchema;
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
}

/** The article open: after a save the section starts again from the saved files, on the same article. */
let lastOpen: string | undefined;

/** The articles of content/ (every language's): pick one or start a new one. */
export function Articles({ files, schema, onSaved, onPreview }: ArticlesProps) {
  const articles = Object.keys(files).filter((file) => /^content\/(?:[a-z]{2,3}\/)?blog\/[^/]+\.md$/.test(file));
  const [open, setOpenState] = useState<string | undefined>(() => lastOpen);
  const setOpen = (file: string | undefined) => {
    lastOpen = file;
    setOpenState(file);
  };
  const [slug, setSlug] = useState("");
  if (open) {
    return <ArticleEditor key={open} file={open} initial={files[open]} schema={schema} onSaved={onSaved} onPreview={onPreview} onClose={() => setOpen(undefined)} />;
  }
  return (
    <div className="articles">
      <form className="new-article" onSubmit={(event) => { event.preventDefault(); if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) setOpen(`content/blog/${slug}.md`); }}>
        <label htmlFor="new-slug">New article's address (lowercase words and hyphens)</label>
        <div className="inline">
          <input id="new-slug" value={slug} pattern="[a-z0-9]+(-[a-z0-9]+)*" onChange={(event) => setSlug(event.target.value)} placeholder="what-to-do-in-spring" />
          <button type="submit">Start</button>
        </div>
      </form>
      <ul className="article-list">
        {articles.map((file) => (
          <li key={file}>
            <button type="button" onClick={() => setOpen(file)}>{String((files[file]!.data as { title?: string }).title ?? file)}</button>
            <code>{file}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ArticleEditor({ file, initial, schema, onSaved, onPreview, onClose }: {
  file: string;
  initial: EditedFile | undefined;
  schema: JsonSchema;
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
  onClose(): void;
}) {
  const slugFromFile = file.replace(/^.*\//, "").replace(/\.md$/, "");
  const original = (initial?.data ?? { slug: slugFromFile, date: new Date().toISOString().slice(0, 10) }) as Record<string, unknown>;
  const [data, setData] = useState<Record<string, unknown>>(original);
  const [body, setBody] = useState(initial?.body ?? "");
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  const [uploadMessage, setUploadMessage] = useState("");
  const form = useMemo(() => formSchema(schema), [schema]);
  const errors = useMemo(() => problemErrors(status?.problems ?? [], file), [status, file]);
  const html = useMemo(() => marked.parse(body, { async: false }) as string, [body]);

  const upload = async (picture: File) => {
    setUploadMessage(`Uploading ${picture.name}…`);
    const { status: code, body: answer } = await api<{ path?: string; error?: string }>(`upload?name=${encodeURIComponent(picture.name)}`, { method: "POST", body: picture });
    if (code === 200 && answer.path) {
      setData({ ...data, image: answer.path });
      setUploadMessage(`Uploaded as public${answer.path}. Describe it in “Image alt” for people who cannot see it.`);
    } else setUploadMessage(answer.error ?? `upload failed (${code})`);
  };
  const submit = async () => {
    setSaving(true);
    const change = initial ? { file, version: initial.version, ops: diffOps(original, data), body } : { file, create: data, body };
    const files = await runSave([change], setStatus).finally(() => setSaving(false));
    if (files) onSaved(files);
  };
  return (
    <section className="article-editor" aria-label={`Article ${file}`} data-file={file}>
      <header className="file-form-header">
        <button type="button" className="link" onClick={onClose}>← All articles</button>
        <h3>{String(data.title ?? "New article")}</h3>
        <code className="file-name">{file}</code>
        <button type="button" className="save" disabled={saving} onClick={submit}>Save article</button>
      </header>
      <StatusBar status={status} saving={saving} />
      {typeof data.slug === "string" && initial && <button type="button" className="link" onClick={() => onPreview(`/blog/${data.slug}`)}>Show it in the preview</button>}
      <div className="picture">
        <label htmlFor="article-picture">Picture (JPEG, PNG, WebP or AVIF, up to 8 MB)</label>
        <input id="article-picture" type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(event) => { const picked = event.target.files?.[0]; if (picked) void upload(picked); }} />
        <p role="status">{uploadMessage}</p>
      </div>
      <SchemaForm id="article" schema={form} data={data} errors={errors} onChange={(next) => setData(next as Record<string, unknown>)} />
      <div className="markdown">
        <div>
          <label htmlFor="article-body">Text (markdown)</label>
          <textarea id="article-body" rows={18} value={body} onChange={(event) => setBody(event.target.value)} />
        </div>
        <div className="markdown-preview" aria-label="Text preview" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </section>
  );
}
