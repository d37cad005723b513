import type { RJSFSchema } from "@rjsf/utils";
import { useCallback, useMemo, useRef, useState } from "react";
import { diffOps, listOps, type EditOp } from "../../yaml-edit/edit-ops.ts";
import type { TownMatch } from "../gazetteer.ts";
import { api, type EditedFile, type FileChange, type JsonSchema } from "./api.ts";
import { runSave, StatusBar, type SaveStatus } from "./file-form.tsx";
import { formSchema, problemErrors } from "./form-schema.ts";
import { SchemaForm } from "./schema-form.tsx";
import { defaultLanguagePaths } from "./site-paths.ts";
import { TownList } from "./town-list.tsx";
import { useUnsavedGuard } from "./unsaved-guard.ts";

interface Town {
  name: string;
  slug: string;
  lat?: number;
  lng?: number;
  neighborhoods?: string[];
  nearby?: string[];
  intro?: string;
  [key: string]: unknown;
}


interface TownsProps {
  site: EditedFile;
  siteSchema: JsonSchema;
  /** Each other language's town paragraphs: content/<code>/cities.yaml. */
  translations: Array<{ file: string; language: string; initial: EditedFile | undefined }>;
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
}

/** The town last picked: after a save the towns start again from the file, on the same town. */
let lastTown: string | undefined;

/**
 * The towns of site.yaml: a list to pick, reorder, remove and add to (by name or ZIP code, from the
 * offline gazetteer), and one form for the town picked. Each town is its own small form, so typing
 * re-renders that form only, however long the list.
 */
export function Towns({ site, siteSchema, translations, onSaved, onPreview }: TownsProps) {
  const original = ((site.data as { cities?: Town[] }).cities ?? []) as Town[];
  const withoutPage = ((site.data as { townsWithoutPage?: Town[] }).townsWithoutPage ?? []) as Town[];
  // The search's example is the site's own base town (and its ZIP code), not another company's.
  const base = (site.data as { base?: { town?: string; postalCode?: string } }).base;
  const searchExample = [base?.postalCode, base?.town].filter(Boolean).join(" or ") || "a ZIP code or a town's name";
  // The towns as edited, with the index each had in the file (none for a new town): the save moves, adds and removes.
  const [list, setList] = useState(() => original.map((town, index) => ({ town, origin: index as number | undefined, key: `t${index}` })));
  const edited = useRef(new Map<string, Town>());
  const intros = useRef(new Map<string, string>());
  const [selected, select] = useState(() => Math.max(0, original.findIndex((town) => town.slug === lastTown)));
  const setSelected = (index: number) => {
    lastTown = list[index]?.town.slug;
    select(index);
  };
  const [status, setStatus] = useState<SaveStatus>();
  const [saving, setSaving] = useState(false);
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState<TownMatch[] | undefined>();

  const current = list[selected];
  const slugs = useMemo(() => [...list.map((entry) => entry.town.slug), ...withoutPage.map((town) => town.slug)].filter(Boolean), [list, withoutPage]);
  const townSchema = useMemo(() => {
    const schema = structuredClone(((siteSchema.properties as JsonSchema).cities as JsonSchema).items as JsonSchema);
    const nearby = (schema.properties as Record<string, JsonSchema>).nearby!;
    nearby.items = { ...(nearby.items as JsonSchema), enum: slugs };
    nearby.uniqueItems = true;
    return formSchema(schema);
  }, [siteSchema, slugs]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length) return;
    const next = [...list];
    next.splice(to, 0, ...next.splice(from, 1));
    setList(next);
    lastTown = next[to]!.town.slug;
    select(to);
  };
  const [removing, setRemoving] = useState<number>();
  // Bumped when a removal changes other towns' nearby lists: the open town's form starts again from them.
  const [revision, setRevision] = useState(0);
  const remove = (index: number) => {
    const slug = (edited.current.get(list[index]!.key) ?? list[index]!.town).slug;
    // The towns listing it as nearby no longer do: a nearby town with no page is refused at Save.
    const next = list.filter((_, i) => i !== index).map((entry) => {
      const town = edited.current.get(entry.key) ?? entry.town;
      if (!town.nearby?.includes(slug)) return entry;
      const changed = { ...town, nearby: town.nearby.filter((each) => each !== slug) };
      edited.current.set(entry.key, changed);
      return { ...entry, town: changed };
    });
    const at = Math.max(0, Math.min(selected, next.length - 1));
    setList(next);
    setRemoving(undefined);
    setRevision((n) => n + 1);
    lastTown = next[at]?.town.slug;
    select(at);
  };
  const find = async () => {
    const { body } = await api<{ towns: TownMatch[] }>(`towns?q=${encodeURIComponent(query)}`);
    setMatches(body.towns);
  };
  const add = (match: TownMatch) => {
    // Its state always: once the towns span two states, every town must say its own (config/cross-checks.ts).
    const town: Town = { name: match.name, slug: match.slug, lat: match.lat, lng: match.lng, region: match.state, neighborhoods: [], nearby: [], intro: "" };
    setList([...list, { town, origin: undefined, key: `new-${match.slug}-${list.length}` }]);
    lastTown = town.slug;
    select(list.length);
    setMatches(undefined);
    setQuery("");
  };

  /** The save's changes: site.yaml's towns and each language's paragraphs, as edited now. */
  const pendingChanges = (): FileChange[] => {
    const towns = list.map((entry) => edited.current.get(entry.key) ?? entry.town);
    const ops: EditOp[] = listOps(["cities"], original, towns, list.map((entry) => entry.origin));
    const changes: FileChange[] = ops.length > 0 ? [{ file: "site.yaml", version: site.version, ops }] : [];
    for (const translation of translations) {
      const before = (translation.initial?.data ?? {}) as Record<string, { intro?: string }>;
      const after = structuredClone(before);
      // A town renamed keeps its paragraph under its new slug; a town removed takes its paragraph
      // with it (a paragraph for no town is refused by the build).
      list.forEach((entry, i) => {
        const was = entry.origin === undefined ? undefined : original[entry.origin]?.slug;
        const now = towns[i]!.slug;
        if (was && was !== now && after[was] && !after[now]) after[now] = after[was]!;
      });
      const slugs = new Set(towns.map((town) => town.slug));
      for (const slug of Object.keys(after)) if (!slugs.has(slug)) delete after[slug];
      for (const [key, intro] of intros.current) {
        if (!key.startsWith(`${translation.language}:`)) continue;
        const slug = key.slice(translation.language.length + 1);
        if (slugs.has(slug)) after[slug] = { ...after[slug], intro };
      }
      if (translation.initial) {
        const translationOps = diffOps(before, after);
        if (translationOps.length > 0) changes.push({ file: translation.file, version: translation.initial.version, ops: translationOps });
        continue;
      }
      // The language has no paragraphs file yet: the first paragraphs typed create it, in the same save.
      const typed = Object.fromEntries(Object.entries(after).filter(([, town]) => town.intro?.trim()));
      if (Object.keys(typed).length > 0) changes.push({ file: translation.file, create: typed });
    }
    return changes;
  };
  useUnsavedGuard(() => pendingChanges().length > 0);

  const submit = async () => {
    const changes = pendingChanges();
    if (changes.length === 0) return;
    setSaving(true);
    const files = await runSave(changes, setStatus).finally(() => setSaving(false));
    if (files) onSaved(files);
  };

  const position = current ? list.indexOf(current) : -1;
  // The towns a Save's problems name (cities.4.nearby), marked in the list and named beside the index.
  const withProblems = useMemo(() => new Set((status?.problems ?? []).flatMap((problem) => townIndex(problem.field) ?? [])), [status]);
  const named = useMemo(() => status && { ...status, problems: status.problems.map((problem) => {
    const town = list[townIndex(problem.field) ?? -1]?.town.name;
    return town ? { ...problem, field: `${problem.field} (${town})` } : problem;
  }) }, [status, list]);
  const errors = useMemo(() => problemErrors(status?.problems ?? [], "site.yaml", ["cities", position]), [status, position]);
  return (
    <div className="towns">
      <div className="towns-list">
        <form className="add-town" onSubmit={(event) => { event.preventDefault(); void find(); }}>
          <label htmlFor="town-query">Add a town by name or ZIP code</label>
          <div className="inline">
            <input id="town-query" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={searchExample} />
            <button type="submit">Find</button>
          </div>
          {matches && (matches.length === 0 ? <p>No town found for “{query}”.</p> : (
            <ul className="matches">
              {matches.map((match) => {
                // A town the site has already (its slug taken) is shown, not added twice.
                const have = list.findIndex((entry) => (edited.current.get(entry.key) ?? entry.town).slug === match.slug);
                const listedWithoutPage = withoutPage.some((town) => town.slug === match.slug);
                return (
                  <li key={match.zip}>
                    {have >= 0 ? (
                      <button type="button" onClick={() => { setSelected(have); setMatches(undefined); setQuery(""); }}>{match.name} is on the site already: show it</button>
                    ) : listedWithoutPage ? (
                      <p className="help">{match.name} is on the site already, among the towns without a page.</p>
                    ) : (
                      <button type="button" onClick={() => add(match)}>Add {match.name}, {match.state} ({match.zip}: {match.lat}, {match.lng})</button>
                    )}
                  </li>
                );
              })}
            </ul>
          ))}
        </form>
        <TownList list={list} selected={selected} removing={removing} withProblems={withProblems} onSelect={setSelected} onMove={move} onRemove={remove} onAskRemove={setRemoving} />
      </div>
      <div className="town-form">
        <header className="file-form-header">
          <h3>{current ? current.town.name : "No town"}</h3>
          <code className="file-name">site.yaml</code>
          <button type="button" className="save" disabled={saving} onClick={submit}>Save towns</button>
        </header>
        <StatusBar status={named} saving={saving} />
        {current && (
          <>
            <button type="button" className="link" onClick={() => onPreview(defaultLanguagePaths(site).city(current.town.slug))}>Show its page in the preview</button>
            <TownForm key={`${current.key}:${revision}`} entry={current} schema={townSchema} errors={errors} onChange={(town) => edited.current.set(current.key, town)} />
            {translations.map((translation) => (
              <TownIntro key={`${translation.language}:${current.key}`} language={translation.language} slug={current.town.slug}
                initial={((translation.initial?.data ?? {}) as Record<string, { intro?: string }>)[current.town.slug]?.intro ?? ""}
                edits={intros.current} />
            ))}
          </>
        )}
      </div>
    </div>
  );
}

/** One town's form: its state stays here, so typing never re-renders the list. */
function TownForm({ entry, schema, errors, onChange }: { entry: { town: Town; key: string }; schema: RJSFSchema; errors: ReturnType<typeof problemErrors>; onChange(town: Town): void }) {
  const [data, setData] = useState<Town>(entry.town);
  const change = useCallback((next: unknown) => {
    setData(next as Town);
    onChange(next as Town);
  }, [onChange]);
  return <SchemaForm id={`town_${entry.key}`} schema={schema} uiSchema={{ intro: { "ui:widget": "textarea" } }} data={data} errors={errors} onChange={change} />;
}

function TownIntro({ language, slug, initial, edits }: { language: string; slug: string; initial: string; edits: Map<string, string> }) {
  const key = `${language}:${slug}`;
  const [value, setValue] = useState(edits.get(key) ?? initial);
  const id = `intro-${language}-${slug}`;
  return (
    <div className="translation">
      <label htmlFor={id}>Intro ({language}){initial ? "" : " — not translated yet"}</label>
      <textarea id={id} rows={6} value={value} onChange={(event) => { setValue(event.target.value); edits.set(key, event.target.value); }} />
    </div>
  );
}

/** The position of the town a problem's field names (`cities.4.nearby.1`: 4). */
function townIndex(field: string | undefined): number | undefined {
  const found = /^cities\.(\d+)(?:\.|$)/.exec(field ?? "");
  return found ? Number(found[1]) : undefined;
}
