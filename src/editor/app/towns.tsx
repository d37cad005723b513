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
import { restoredTowns, townsDraft, type TownsDraft } from "./town-drafts.ts";
import { useUnsavedGuard } from "./unsaved-guard.ts";
import { DraftOffer } from "./draft-offer.tsx";
import { forgetSaved, readDraft, removeDraft, useHeldDraftKeeper, type Draft, type HeldDraft } from "./drafts.ts";

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

interface Translation {
  file: string;
  language: string;
  initial: EditedFile | undefined;
}

interface TownsProps {
  site: EditedFile;
  siteSchema: JsonSchema;
  /** Each other language's town paragraphs: content/<code>/cities.yaml. */
  translations: Translation[];
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
}

/** The town last picked: after a save the towns start again from the file, on the same town. */
let lastTown: string | undefined;

/**
 * The name the towns' draft is kept under: site.yaml's own name keeps the Business form's draft
 * (its other keys), and each is offered in its own section. A language's paragraphs are kept
 * under their file's name (content/es/cities.yaml), which no other form edits.
 */
const TOWNS_DRAFT = "site.yaml#cities";

/** A draft kept for one of the section's files, with the version of that file now. */
interface Kept {
  file: string;
  now: string;
  draft: Draft<unknown>;
}

type Intros = { intros: Record<string, string> };

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
  // What was typed and not saved is kept in the browser (drafts.ts), per file and version, and
  // offered back next time; the section is read-only until it is restored or discarded.
  const [offered, setOffered] = useState(() => keptDrafts(site, translations));
  const held = (): HeldDraft<unknown>[] => {
    const towns = townsDraft(original, list.map((entry) => ({ town: edited.current.get(entry.key) ?? entry.town, origin: entry.origin })));
    return [
      { file: TOWNS_DRAFT, version: site.version, value: towns, changed: towns !== undefined },
      ...translations.map((translation) => {
        const typed = typedIntros(translation, intros.current);
        return { file: translation.file, version: versionOf(translation), value: { intros: typed }, changed: Object.keys(typed).length > 0 };
      }),
    ];
  };
  const touched = useHeldDraftKeeper(held, offered !== undefined);
  const locked = saving || offered !== undefined;

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
    touched();
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
    touched();
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
    touched();
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
      const before = paragraphsOf(translation);
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
    if (files) {
      // Saved: nothing is left to offer back (before the section starts again from the saved files).
      for (const file of [TOWNS_DRAFT, ...translations.map((translation) => translation.file)]) forgetSaved(file);
      onSaved(files);
    }
  };
  // The towns as the draft left them, made again on the file as it is now (by each town's slug);
  // the paragraphs typed put back; the first town they change is shown, its form started again from them.
  const restore = () => {
    let next = list;
    const typedFor = new Set<string>();
    for (const { file, draft } of offered ?? []) {
      if (file === TOWNS_DRAFT) {
        next = restoredTowns(original, (draft as Draft<TownsDraft>).value).map((entry, index) => ({ ...entry, key: entry.origin === undefined ? `new-${entry.town.slug}-${index}` : `t${entry.origin}` }));
        continue;
      }
      const language = translations.find((translation) => translation.file === file)!.language;
      for (const [slug, text] of Object.entries((draft as Draft<Intros>).value.intros)) {
        intros.current.set(`${language}:${slug}`, text);
        typedFor.add(slug);
      }
    }
    edited.current.clear();
    setList(next);
    const changed = next.findIndex((entry) => entry.origin === undefined || entry.town !== original[entry.origin] || typedFor.has(entry.town.slug));
    const at = changed >= 0 ? changed : Math.max(0, next.findIndex((entry) => entry.town.slug === lastTown));
    lastTown = next[at]?.town.slug;
    select(at);
    setRevision((n) => n + 1);
    setOffered(undefined);
    touched();
  };
  const discard = () => {
    for (const { file } of offered ?? []) removeDraft(file);
    setOffered(undefined);
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
      {offered && <DraftOffer draft={offeredAsOne(offered)} version={offered.map((kept) => kept.now).join(" ")} onRestore={restore} onDiscard={discard} />}
      <div className="towns-list">
        <form className="add-town" onSubmit={(event) => { event.preventDefault(); void find(); }}>
          <label htmlFor="town-query">Add a town by name or ZIP code</label>
          <div className="inline">
            <input id="town-query" value={query} readOnly={locked} onChange={(event) => setQuery(event.target.value)} placeholder={searchExample} />
            <button type="submit" disabled={locked}>Find</button>
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
                      <button type="button" disabled={locked} onClick={() => add(match)}>Add {match.name}, {match.state} ({match.zip}: {match.lat}, {match.lng})</button>
                    )}
                  </li>
                );
              })}
            </ul>
          ))}
        </form>
        <TownList list={list} selected={selected} locked={locked} removing={removing} withProblems={withProblems} onSelect={setSelected} onMove={move} onRemove={remove} onAskRemove={setRemoving} />
      </div>
      <div className="town-form">
        <header className="file-form-header">
          <h3>{current ? current.town.name : "No town"}</h3>
          <code className="file-name">site.yaml</code>
          <button type="button" className="save" disabled={locked} onClick={submit}>Save towns</button>
        </header>
        <StatusBar status={named} saving={saving} />
        {current && (
          <>
            <button type="button" className="link" onClick={() => onPreview(defaultLanguagePaths(site).city(current.town.slug))}>Show its page in the preview</button>
            <TownForm key={`${current.key}:${revision}`} entry={current} schema={townSchema} errors={errors} readonly={locked}
              onChange={(town) => { edited.current.set(current.key, town); touched(); }} />
            {translations.map((translation) => (
              <TownIntro key={`${translation.language}:${current.key}:${revision}`} language={translation.language} slug={current.town.slug}
                initial={paragraphsOf(translation)[current.town.slug]?.intro ?? ""} readOnly={locked}
                edits={intros.current} onTyped={touched} />
            ))}
          </>
        )}
      </div>
    </div>
  );
}

/** One town's form: its state stays here, so typing never re-renders the list. */
function TownForm({ entry, schema, errors, readonly, onChange }: { entry: { town: Town; key: string }; schema: RJSFSchema; errors: ReturnType<typeof problemErrors>; readonly: boolean; onChange(town: Town): void }) {
  const [data, setData] = useState<Town>(entry.town);
  const change = useCallback((next: unknown) => {
    setData(next as Town);
    onChange(next as Town);
  }, [onChange]);
  return <SchemaForm id={`town_${entry.key}`} schema={schema} uiSchema={{ intro: { "ui:widget": "textarea" } }} data={data} errors={errors} readonly={readonly} onChange={change} />;
}

function TownIntro({ language, slug, initial, readOnly, edits, onTyped }: { language: string; slug: string; initial: string; readOnly: boolean; edits: Map<string, string>; onTyped(): void }) {
  const key = `${language}:${slug}`;
  const [value, setValue] = useState(edits.get(key) ?? initial);
  const id = `intro-${language}-${slug}`;
  return (
    <div className="translation">
      <label htmlFor={id}>Intro ({language}){initial ? "" : " — not translated yet"}</label>
      <textarea id={id} rows={6} value={value} readOnly={readOnly} onChange={(event) => { setValue(event.target.value); edits.set(key, event.target.value); onTyped(); }} />
    </div>
  );
}

/** The drafts kept for the section's files (site.yaml's towns, each language's paragraphs); undefined when none is. */
function keptDrafts(site: EditedFile, translations: readonly Translation[]): Kept[] | undefined {
  const files = [{ file: TOWNS_DRAFT, now: site.version }, ...translations.map((translation) => ({ file: translation.file, now: versionOf(translation) }))];
  const kept = files.flatMap(({ file, now }) => {
    const draft = readDraft(file);
    return draft ? [{ file, now, draft }] : [];
  });
  return kept.length > 0 ? kept : undefined;
}

/** The section's drafts offered as one: typed last at the latest one's time, on the versions of all (one saved since, and the offer says so). */
function offeredAsOne(kept: readonly Kept[]): Draft<unknown> {
  return { at: Math.max(...kept.map(({ draft }) => draft.at)), version: kept.map(({ draft }) => draft.version).join(" "), value: undefined };
}

function versionOf(translation: Translation): string {
  return translation.initial?.version ?? "new";
}

function paragraphsOf(translation: Translation): Record<string, { intro?: string }> {
  return (translation.initial?.data ?? {}) as Record<string, { intro?: string }>;
}

/** The paragraphs typed in `translation`'s language that differ from its file's, by town slug. */
function typedIntros(translation: Translation, intros: ReadonlyMap<string, string>): Record<string, string> {
  const prefix = `${translation.language}:`;
  const typed: Record<string, string> = {};
  for (const [key, text] of intros) {
    const slug = key.slice(prefix.length);
    if (key.startsWith(prefix) && text !== (paragraphsOf(translation)[slug]?.intro ?? "")) typed[slug] = text;
  }
  return typed;
}

/** The position of the town a problem's field names (`cities.4.nearby.1`: 4). */
function townIndex(field: string | undefined): number | undefined {
  const found = /^cities\.(\d+)(?:\.|$)/.exec(field ?? "");
  return found ? Number(found[1]) : undefined;
}
