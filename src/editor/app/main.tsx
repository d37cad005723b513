import { StrictMode, useCallback, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { loadState, type EditedFile, type EditorState } from "./api.ts";
import { Articles, LegalPages } from "./articles.tsx";
import { Requests } from "./requests.tsx";
import { businessUiSchema } from "./business-form.tsx";
import { FileForm } from "./file-form.tsx";
import { useHeaderHeight } from "./header-height.ts";
import { History } from "./history.tsx";
import { LanguageSettings } from "./language-settings.tsx";
import { OWN_PAGES, PageList, SERVICES } from "./page-list.tsx";
import { PublishControl } from "./publish-control.tsx";
import { SaveNotice } from "./save-notice.tsx";
import { formSchema } from "./form-schema.ts";
import { fieldWords } from "./form-words.ts";
import { SettleFiles } from "./settle-files.tsx";
import { siteLanguages } from "./site-paths.ts";
import { StartTranslation } from "./start-translation.tsx";
import { Towns } from "./towns.tsx";
import "./editor.css";

const SECTIONS = ["Business", "Requests", "Towns", "Services", "Own pages", "Testimonials", "FAQ", "Page texts", "Articles", "Legal pages", "Languages", "Translations", "History"] as const;
type Section = (typeof SECTIONS)[number];
/** Keys of site.yaml the Towns, Services and Own pages sections edit; the Business form shows the rest. */
const LIST_KEYS = ["cities", "townsWithoutPage", "services", "pages"];

function Editor({ initial }: { initial: EditorState }) {
  const [state, setState] = useState(initial);
  // Bumped after a save: every form starts again from the files as saved, with their new versions.
  const [generation, setGeneration] = useState(0);
  const [section, setSection] = useState<Section>(() => (SECTIONS as readonly string[]).includes(decodeURIComponent(location.hash.slice(1))) ? (decodeURIComponent(location.hash.slice(1)) as Section) : "Business");
  const [preview, setPreview] = useState("/");
  const [previewOpen, setPreviewOpen] = useState(() => matchMedia("(min-width: 1000px)").matches);
  const rootRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  // Asked for by "Show preview" or a link: on a phone the preview opens below the whole form, out of
  // sight, so it is brought into view (beside the form, from 1000 px, it is in view already).
  const [previewAsked, setPreviewAsked] = useState(0);
  useEffect(() => {
    if (previewAsked > 0 && !matchMedia("(min-width: 1000px)").matches) previewRef.current?.scrollIntoView({ block: "start" });
  }, [previewAsked]);
  useHeaderHeight(rootRef, headerRef);
  const allLanguages = siteLanguages(state.files);
  const languages = allLanguages.slice(1).map((language) => language.code);
  const onPreview = (path: string) => {
    setPreview(path);
    setPreviewOpen(true);
    setPreviewAsked((n) => n + 1);
  };

  // The saved files as the server read them back: the forms start again from them, with their new
  // versions. Only the Publish count is read again (git status: a few milliseconds), so the preview's
  // reload has the machine to itself. The header says "Saved" (save-notice.tsx).
  const onSaved = useCallback((files: Record<string, EditedFile>) => {
    setState((current) => ({ ...current, files: { ...current.files, ...files } }));
    setGeneration((n) => n + 1);
  }, []);
  // A service or own page added, moved or removed: its list, its forms and their schemas are read again.
  // The header says "Saved" as for any save (runSave tells save-notice.tsx).
  const onListSaved = useCallback((_files: Record<string, EditedFile | null>) => {
    void loadState().then((next) => {
      setState(next);
      setGeneration((n) => n + 1);
    });
  }, []);
  // Publish took in versions published elsewhere, or an undo reverted one: the files changed on disk.
  // Forms open in another section start again from them; after an undo no form is open.
  const [reloads, setReloads] = useState(0);
  const reload = (restartForms: boolean) => loadState().then((next) => {
    setState(next);
    setReloads((n) => n + 1);
    if (restartForms) setGeneration((n) => n + 1);
  });
  const show = (name: Section) => {
    // The list of what is not translated is read again when it is shown.
    if (name === "Translations") void loadState().then(setState);
    setSection(name);
    history.replaceState(null, "", `#${encodeURIComponent(name)}`);
  };

  /** A copy file with each other language's version beside it (the customers' own words are shown as written in every language). */
  const copyForms = (name: string, title: string, shared = false) => (
    <div className="languages" key={`${name}-${generation}`}>
      <FileForm file={`content/${name}`} title={title} schema={formSchema(state.schemas.copy[name]!)} initial={state.files[`content/${name}`]!} onSaved={onSaved} />
      {!shared && languages.map((code) => {
        const file = `content/${code}/${name}`;
        const translated = state.files[file];
        return translated ? (
          <FileForm key={file} file={file} title={`${title} (${code})`} schema={formSchema(state.schemas.copy[name]!)} initial={translated} onSaved={onSaved} />
        ) : (
          <div key={file}>
            <p className="untranslated">Not translated into {code} yet: content/{code}/{name} does not exist.</p>
            <StartTranslation file={file} language={code} original={state.files[`content/${name}`]!} onSaved={onSaved} />
          </div>
        );
      })}
    </div>
  );

  return (
    <div className={`editor${previewOpen ? " with-preview" : ""}`} ref={rootRef}>
      <header className="top" ref={headerRef}>
        <h1>Edit the site</h1>
        <nav aria-label="Sections">
          {SECTIONS.map((name) => (
            <button key={name} type="button" aria-current={section === name ? "page" : undefined} onClick={() => show(name)}>{name}</button>
          ))}
        </nav>
        <SaveNotice section={section} />
        <PublishControl changes={generation + reloads} onFilesChanged={() => void reload(true)} fieldLabel={(file, field) => fieldWords(formSchema(schemaOfFile(state, file) ?? {}), field)} />
        <button type="button" className="preview-toggle" aria-expanded={previewOpen} onClick={() => { setPreviewOpen(!previewOpen); if (!previewOpen) setPreviewAsked((n) => n + 1); }}>
          {previewOpen ? "Hide preview" : "Show preview"}
        </button>
      </header>
      {/* A form starts from the files it mounts with: once files are read again (after an undo, say), a form
          opened before they came back starts again from them; History keeps what it said. */}
      <main className="pane" key={section === "History" ? `${section}-${generation}` : `${section}-${generation}-${reloads}`}>
        {section === "Business" && (
          <FileForm file="site.yaml" title="The business" schema={formSchema(withoutKeys(state.schemas.site, LIST_KEYS))} uiSchema={businessUiSchema(Object.keys(state.schemas.site.properties as object))}
            initial={state.files["site.yaml"]!} without={LIST_KEYS} onSaved={onSaved} />
        )}
        {section === "Requests" && <Requests />}
        {section === "Towns" && (
          <Towns site={state.files["site.yaml"]!} siteSchema={state.schemas.site}
            translations={languages.map((code) => ({ language: code, file: `content/${code}/cities.yaml`, initial: state.files[`content/${code}/cities.yaml`] }))}
            onSaved={onSaved} onPreview={onPreview} />
        )}
        {section === "Services" && <PageList kind={SERVICES} files={state.files} siteSchema={state.schemas.site} languages={languages} render={copyForms} onChanged={onListSaved} onPreview={onPreview} />}
        {section === "Own pages" && <PageList kind={OWN_PAGES} files={state.files} siteSchema={state.schemas.site} languages={languages} render={copyForms} onChanged={onListSaved} onPreview={onPreview} />}
        {section === "Testimonials" && copyForms("testimonials.yaml", "Testimonials", true)}
        {section === "FAQ" && copyForms("faq.yaml", "Questions and answers")}
        {section === "Page texts" && <PageTexts render={copyForms} names={Object.keys(state.schemas.copy).filter((name) => (name.startsWith("pages/") || name === "chrome.yaml") && state.files[`content/${name}`])} />}
        {section === "Articles" && <Articles files={state.files} schema={state.schemas.article} languages={allLanguages} onSaved={onSaved} onPreview={onPreview} />}
        {section === "Legal pages" && <LegalPages files={state.files} schema={state.schemas.legal} languages={allLanguages} onSaved={onSaved} onPreview={onPreview} />}
        {section === "Languages" && <LanguageSettings files={state.files} schema={state.schemas.language} languages={allLanguages} onSaved={onSaved} />}
        {section === "Translations" && (
          <div className="untranslated-list">
            {state.untranslated.length === 0 && <p>The site has one language.</p>}
            {state.untranslated.map(({ language, items }) => (
              <section key={language}>
                <h3>Not yet translated into {language} ({items.length})</h3>
                {items.length === 0 ? <p>Everything is translated.</p> : <ul>{items.map((item) => <li key={item}><code>{item}</code></li>)}</ul>}
              </section>
            ))}
          </div>
        )}
        {section === "History" && <History onUndone={() => void reload(false)} />}
      </main>
      <aside className="preview" aria-label="Preview" ref={previewRef}>
        <form className="preview-address" onSubmit={(event) => { event.preventDefault(); setPreview(new FormData(event.currentTarget).get("path") as string); }}>
          <label htmlFor="preview-path">Page</label>
          <input id="preview-path" name="path" defaultValue={preview} key={preview} />
          <button type="submit">Go</button>
        </form>
        {previewOpen && <iframe title="Live preview of the site" src={preview} />}
      </aside>
    </div>
  );
}

function PageTexts({ names, render }: { names: string[]; render: (name: string, title: string) => React.ReactNode }) {
  const [name, setName] = useState(names[0]!);
  return (
    <>
      <label className="page-pick">
        Page{" "}
        <select value={name} onChange={(event) => setName(event.target.value)}>
          {names.map((each) => <option key={each} value={each}>{each.replace(/^pages\//, "").replace(/\.yaml$/, "")}</option>)}
        </select>
      </label>
      {render(name, name.replace(/^pages\//, "").replace(/\.yaml$/, ""))}
    </>
  );
}

function withoutKeys(schema: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, unknown>).filter(([key]) => !keys.includes(key)));
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !keys.includes(key));
  return { ...schema, properties, required };
}

/** The schema of a site file's form: site.yaml's, or a copy file's (a translation's by its default twin). */
function schemaOfFile(state: EditorState, file: string): Record<string, unknown> | undefined {
  if (file === "site.yaml") return state.schemas.site;
  return state.schemas.copy[file.replace(/^content\/(?:[a-z]{2,3}\/)?/, "")];
}

const root = createRoot(document.getElementById("editor")!);
loadState().then(
  (state) => root.render(<StrictMode>{state.marked?.length ? <SettleFiles marked={state.marked} /> : <Editor initial={state} />}</StrictMode>),
  (error: Error) => root.render(<p role="alert">The editor could not load: {error.message}</p>),
);
