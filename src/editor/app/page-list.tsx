import { useState, type ReactNode } from "react";
import type { EditOp } from "../../yaml-edit/edit-ops.ts";
import { slugify } from "../../slug.ts";
import type { EditedFile, FileChange, JsonSchema } from "./api.ts";
import { runSave, StatusBar, type SaveStatus } from "./file-form.tsx";
import { PageEntry } from "./page-entry.tsx";
import { serviceMentions, type ServiceMentions } from "./service-mentions.ts";

/** site.yaml's list the section edits, and what it calls one of its entries. */
export interface PageListKind {
  key: "services" | "pages";
  /** The entries' copy folder under content/ (and content/<code>/). */
  folder: "services" | "own";
  one: string;
}

export const SERVICES: PageListKind = { key: "services", folder: "services", one: "service" };
export const OWN_PAGES: PageListKind = { key: "pages", folder: "own", one: "page" };

interface Entry {
  id: string;
  path: string;
  menu?: string;
}

interface PageListProps {
  kind: PageListKind;
  files: Record<string, EditedFile>;
  siteSchema: JsonSchema;
  /** The other languages' codes: their copy files and language.yaml go with an entry removed. */
  languages: string[];
  /** A copy file's form with its translations beside it (main.tsx's). */
  render(name: string, title: string): ReactNode;
  /** After a save: the lists, schemas and forms are read again (an entry added has a form of its own). */
  onChanged(files: Record<string, EditedFile | null>): void;
  onPreview(path: string): void;
}

/** The Services section. */
export function Services(props: Omit<PageListProps, "kind">) {
  return <PageList kind={SERVICES} {...props} />;
}

/** The Own pages section. */
export function OwnPages(props: Omit<PageListProps, "kind">) {
  return <PageList kind={OWN_PAGES} {...props} />;
}

/** The entry last picked, by list: after a save the section opens on it again. */
const lastPicked = new Map<string, string>();

/**
 * site.yaml's services or own pages, in order: each is saved as soon as it is added, moved or
 * removed (with its copy files, after a confirmation naming them), each save checked by a build
 * of the whole site; the entry picked shows its copy's form with its translations beside it.
 */
export function PageList({ kind, files, siteSchema, languages, render, onChanged, onPreview }: PageListProps) {
  const site = files["site.yaml"]!;
  const list = (((site.data as Record<string, unknown>)[kind.key] ?? []) as Entry[]).filter((entry) => typeof entry?.id === "string");
  const [picked, pick] = useState(() => lastPicked.get(kind.key) ?? list[0]?.id);
  const [confirming, setConfirming] = useState<string>();
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  const current = list.find((entry) => entry.id === picked) ?? list[0];
  const copyFile = (id: string, code?: string) => `content/${code ? `${code}/` : ""}${kind.folder}/${id}.yaml`;
  const nameOf = (entry: Entry) => {
    const name = (files[copyFile(entry.id)]?.data as { name?: unknown } | undefined)?.name;
    return typeof name === "string" ? name : entry.id;
  };
  const remember = (id: string | undefined) => {
    if (id) lastPicked.set(kind.key, id);
    pick(id);
  };

  const saveChanges = async (changes: FileChange[], then?: () => void) => {
    setSaving(true);
    const saved = await runSave(changes, setStatus).finally(() => setSaving(false));
    if (!saved) return;
    then?.();
    onChanged(saved);
  };
  const siteChange = (ops: EditOp[]): FileChange => ({ file: "site.yaml", version: site.version, ops });
  const move = (from: number, to: number) => {
    remember(list[from]!.id);
    void saveChanges([siteChange([{ op: "move", path: [kind.key], from, to }])]);
  };
  // The files an entry's removal takes with it: its copy in each language, its address in each
  // language.yaml; a service's id also out of licences' shownOn and the testimonials about it.
  const removal = (id: string) => {
    const copies = [undefined, ...languages].map((code) => copyFile(id, code)).filter((file) => files[file]);
    const settings = languages.map((code) => `content/${code}/language.yaml`).filter((file) => languageOps(files[file], id).length > 0);
    const mentions = kind.key === "services" ? serviceMentions(site.data, files[TESTIMONIALS]?.data, id) : undefined;
    return { copies, settings, mentions };
  };
  const remove = (index: number) => {
    const { id } = list[index]!;
    const { copies, settings, mentions } = removal(id);
    const changes: FileChange[] = [
      siteChange([{ op: "delete", path: [kind.key, index] }, ...(mentions?.siteOps ?? [])]),
      ...copies.map((file): FileChange => ({ file, version: files[file]!.version, remove: true })),
      ...settings.map((file): FileChange => ({ file, version: files[file]!.version, ops: languageOps(files[file], id) })),
      ...(mentions?.testimonialOps.length ? [{ file: TESTIMONIALS, version: files[TESTIMONIALS]!.version, ops: mentions.testimonialOps }] : []),
    ];
    void saveChanges(changes, () => {
      setConfirming(undefined);
      remember(list[index + 1]?.id ?? list[index - 1]?.id);
    });
  };
  const add = (entry: Entry, name: string) => {
    // A site without the list yet (no `pages:`, or one left empty) gets it with this first entry.
    const ops: EditOp[] = Array.isArray((site.data as Record<string, unknown>)[kind.key])
      ? [{ op: "insert", path: [kind.key], index: list.length, value: entry }]
      : [{ op: "set", path: [kind.key], value: [entry] }];
    void saveChanges([siteChange(ops), { file: copyFile(entry.id), starter: { name } }], () => remember(entry.id));
  };

  const confirmed = confirming === undefined ? undefined : list.findIndex((entry) => entry.id === confirming);
  return (
    <div className="page-list">
      <div className="page-list-side">
        {list.length > 0 && <ol className="town-list" aria-label={kind.key === "services" ? "Services" : "Own pages"}>
          {list.map((entry, index) => (
            <li key={entry.id} className={entry.id === current?.id ? "selected" : undefined}>
              <button type="button" className="town-name" aria-current={entry.id === current?.id} onClick={() => remember(entry.id)}>
                {nameOf(entry)} <code>{entry.path}</code>
              </button>
              <button type="button" aria-label={`Move ${nameOf(entry)} up`} disabled={saving || index === 0} onClick={() => move(index, index - 1)}>↑</button>
              <button type="button" aria-label={`Move ${nameOf(entry)} down`} disabled={saving || index === list.length - 1} onClick={() => move(index, index + 1)}>↓</button>
              <button type="button" aria-label={`Remove ${nameOf(entry)}`} disabled={saving} onClick={() => setConfirming(entry.id)}>✕</button>
            </li>
          ))}
        </ol>}
        {confirmed !== undefined && confirmed >= 0 && (
          <div className="confirm" role="alertdialog" aria-label={`Remove ${nameOf(list[confirmed]!)}?`}>
            <ConfirmText kind={kind} name={nameOf(list[confirmed]!)} path={list[confirmed]!.path} {...removal(list[confirmed]!.id)} />
            <div className="inline">
              <button type="button" className="danger" disabled={saving} onClick={() => remove(confirmed)}>Remove it</button>
              <button type="button" disabled={saving} onClick={() => setConfirming(undefined)}>Keep it</button>
            </div>
          </div>
        )}
        <AddForm kind={kind} saving={saving} onAdd={add} />
        <StatusBar status={status} saving={saving} />
      </div>
      <div className="page-list-form">
        {current ? (
          <>
            <button type="button" className="link" onClick={() => onPreview(current.path)}>Show its page in the preview</button>
            <PageEntry key={current.id} list={kind.key} index={list.indexOf(current)} site={site} siteSchema={siteSchema} onSaved={onChanged} />
            {files[copyFile(current.id)] ? render(`${kind.folder}/${current.id}.yaml`, nameOf(current)) : <p className="untranslated">{copyFile(current.id)} does not exist yet: the site does not build without it.</p>}
          </>
        ) : (
          <p>No {kind.one === "service" ? "services" : "pages of your own"} yet.</p>
        )}
      </div>
    </div>
  );
}

const TESTIMONIALS = "content/testimonials.yaml";

/** What Remove deletes, named before it does: the owner's own files go only on this confirmation. */
function ConfirmText({ kind, name, path, copies, settings, mentions }: { kind: PageListKind; name: string; path: string; copies: string[]; settings: string[]; mentions?: ServiceMentions }) {
  return (
    <>
      <p>
        Remove the {kind.one} <strong>{name}</strong> (<code>{path}</code>)? Its entry in site.yaml goes, and these files you wrote for it are deleted:
      </p>
      <ul>{copies.map((file) => <li key={file}><code>{file}</code></li>)}</ul>
      {settings.length > 0 && <p>Its address in {settings.map((file) => <code key={file}>{file}</code>)} goes too.</p>}
      {mentions && mentions.licenses.length > 0 && <p>These licences are no longer listed on its page: {mentions.licenses.join("; ")}.</p>}
      {mentions && mentions.quotes.length > 0 && <p>The quotes of {mentions.quotes.join(", ")} are about it: they stay, shown with your first service.</p>}
      <p>A page that still links to it stops the save, and nothing is removed.</p>
    </>
  );
}

/** The operations that take `id` out of a language.yaml: its address, and its place in `untranslated`. */
function languageOps(file: EditedFile | undefined, id: string): EditOp[] {
  const data = (file?.data ?? {}) as { slugs?: Record<string, unknown>; untranslated?: unknown };
  const ops: EditOp[] = [];
  if (data.slugs && Object.hasOwn(data.slugs, id)) ops.push({ op: "delete", path: ["slugs", id] });
  const untranslated = Array.isArray(data.untranslated) ? data.untranslated : [];
  for (let i = untranslated.length - 1; i >= 0; i--) if (untranslated[i] === id) ops.push({ op: "delete", path: ["untranslated", i] });
  return ops;
}

/** Add a service or page: its name (the starter's words use it) and its address, with an own page's menu place. */
function AddForm({ kind, saving, onAdd }: { kind: PageListKind; saving: boolean; onAdd(entry: Entry, name: string): void }) {
  const [name, setName] = useState("");
  const [address, setAddress] = useState<string>();
  const [menu, setMenu] = useState("");
  const id = slugify(name);
  const path = address ?? (id ? `/${id}` : "");
  const prefix = `add-${kind.key}`;
  return (
    <form className="add-page" aria-labelledby={`${prefix}-title`} onSubmit={(event) => {
      event.preventDefault();
      if (!id || !path) return;
      onAdd({ id, path, ...(menu ? { menu } : {}) }, name.trim());
      setName("");
      setAddress(undefined);
    }}>
      <h3 id={`${prefix}-title`}>Add a {kind.one}</h3>
      <label htmlFor={`${prefix}-name`}>Name</label>
      <input id={`${prefix}-name`} value={name} required onChange={(event) => setName(event.target.value)} placeholder={kind.one === "service" ? "Tree Trimming" : "Financing"} />
      <label htmlFor={`${prefix}-path`}>Address</label>
      <input id={`${prefix}-path`} value={path} required onChange={(event) => setAddress(event.target.value)} placeholder={kind.one === "service" ? "/tree-trimming" : "/financing"} />
      {kind.key === "pages" && (
        <>
          <label htmlFor={`${prefix}-menu`}>Link to it from</label>
          <select id={`${prefix}-menu`} value={menu} onChange={(event) => setMenu(event.target.value)}>
            <option value="">No menu or footer link</option>
            <option value="main">The menu</option>
            <option value="footer">The footer</option>
          </select>
        </>
      )}
      <p className="help">{id ? <>Its words start in <code>content/{kind.folder}/{id}.yaml</code>; it is saved only when the whole site builds with it.</> : "Its words start from a few plain sentences for you to rewrite."}</p>
      <button type="submit" className="save" disabled={saving || !id}>Add {kind.one}</button>
    </form>
  );
}
