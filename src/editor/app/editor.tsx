import { StrictMode, useCallback, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { loadState, type EditedFile, type EditorState } from "./api.ts";
import { useHeaderHeight } from "./header-height.ts";
import { PublishControl } from "./publish-control.tsx";
import { SaveNotice } from "./save-notice.tsx";
import { formSchema } from "./form-schema.ts";
import { fieldWords } from "./form-words.ts";
import { loadSectionCode, SECTIONS, sectionOf, SITE_PART_SECTIONS, type Section } from "./section-code.ts";
import { Articles, BusinessForm, CopyForms, History, LanguageSettings, LegalPages, OwnPages, Requests, SectionFrame, Services, SettleFiles, Towns } from "./sections.tsx";
import { siteLanguages } from "./site-paths.ts";
import { useRestOfState } from "./state-rest.ts";
import { isOnline } from "./online.ts";

function Editor({ initial }: { initial: EditorState }) {
  const [state, setState] = useState(initial);
  // Bumped after a save: every form starts again from the files as saved, with their new versions.
  const [generation, setGeneration] = useState(0);
  const [section, setSection] = useState<Section>(() => sectionOf(location.hash));
  const [preview, setPreview] = useState("/");
  const [online] = useState(isOnline);
  const [previewOpen, setPreviewOpen] = useState(() => !online && matchMedia("(min-width: 1000px)").matches);
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
    // Online the site is the live one, which no page may frame: the page opens in a tab of its own.
    if (online) return void window.open(path, "_blank", "noopener");
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
  const rest = useRestOfState(state.part, setState);
  const show = (name: Section) => {
    // The list of what is not translated is read again when it is shown.
    if (name === "Translations") void loadState().then(setState);
    else if (!SITE_PART_SECTIONS.includes(name)) rest.ask();
    setSection(name);
    history.replaceState(null, "", `#${encodeURIComponent(name)}`);
  };

  // A section that needs the whole state waits for it when the editor opened with the first part.
  const shown = state.part && !SITE_PART_SECTIONS.includes(section) ? undefined : section;

  /** A copy file with each other language's version beside it (the customers' own words are shown as written in every language). */
  const copyForms = (name: string, title: string, shared = false) => (
    <CopyForms key={`${name}-${generation}`} name={name} title={title} shared={shared} files={state.files} schemas={state.schemas.copy} languages={languages} onSaved={onSaved} />
  );

  return (
    <div className={`editor${previewOpen ? " with-preview" : ""}`} ref={rootRef}>
      <header className="top" ref={headerRef}>
        <h1>Edit the site</h1>
        <nav aria-label="Sections">
          {SECTIONS.map((name) => (
            <button key={name} type="button" aria-current={section === name ? "page" : undefined} onPointerEnter={() => loadSectionCode(name)} onFocus={() => loadSectionCode(name)} onClick={() => show(name)}>{name}</button>
          ))}
        </nav>
        <SaveNotice section={section} />
        <PublishControl changes={generation + reloads} onFilesChanged={() => void reload(true)} fieldLabel={(file, field) => fieldWords(formSchema(schemaOfFile(state, file) ?? {}), field)} />
        {online ? (
          <a className="preview-toggle" href="/" target="_blank" rel="noopener">Open the site</a>
        ) : (
          <button type="button" className="preview-toggle" aria-expanded={previewOpen} onClick={() => { setPreviewOpen(!previewOpen); if (!previewOpen) setPreviewAsked((n) => n + 1); }}>
            {previewOpen ? "Hide preview" : "Show preview"}
          </button>
        )}
      </header>
      {/* A form starts from the files it mounts with: once files are read again (after an undo, say), a form
          opened before they came back starts again from them; History keeps what it said. */}
      <main className="pane" key={section === "History" ? `${section}-${generation}` : `${section}-${generation}-${reloads}`}>
        <h2 className="visually-hidden">{section}</h2>
        <SectionFrame>
          {shown === undefined && (rest.failed ? <p role="alert">The editor could not load: {rest.failed}. Reload the page to try again.</p> : <p className="loading">Loading…</p>)}
          {shown === "Business" && <BusinessForm site={state.files["site.yaml"]!} siteSchema={state.schemas.site} onSaved={onSaved} />}
          {shown === "Requests" && <Requests />}
          {shown === "Towns" && (
            <Towns site={state.files["site.yaml"]!} siteSchema={state.schemas.site}
              translations={languages.map((code) => ({ language: code, file: `content/${code}/cities.yaml`, initial: state.files[`content/${code}/cities.yaml`] }))}
              onSaved={onSaved} onPreview={onPreview} />
          )}
          {shown === "Services" && <Services files={state.files} siteSchema={state.schemas.site} languages={languages} render={copyForms} onChanged={onListSaved} onPreview={onPreview} />}
          {shown === "Own pages" && <OwnPages files={state.files} siteSchema={state.schemas.site} languages={languages} render={copyForms} onChanged={onListSaved} onPreview={onPreview} />}
          {shown === "Testimonials" && copyForms("testimonials.yaml", "Testimonials", true)}
          {shown === "FAQ" && copyForms("faq.yaml", "Questions and answers")}
          {shown === "Page texts" && <PageTexts render={copyForms} names={Object.keys(state.schemas.copy).filter((name) => (name.startsWith("pages/") || name === "chrome.yaml") && state.files[`content/${name}`])} />}
          {shown === "Articles" && <Articles files={state.files} schema={state.schemas.article} languages={allLanguages} onSaved={onSaved} onPreview={onPreview} />}
          {shown === "Legal pages" && <LegalPages files={state.files} schema={state.schemas.legal} languages={allLanguages} onSaved={onSaved} onPreview={onPreview} />}
          {shown === "Languages" && <LanguageSettings files={state.files} schema={state.schemas.language} languages={allLanguages} onSaved={onSaved} />}
          {shown === "Translations" && (
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
          {shown === "History" && <History onUndone={() => void reload(false)} />}
        </SectionFrame>
      </main>
      {!online && <aside className="preview" aria-label="Preview" ref={previewRef}>
        <form className="preview-address" onSubmit={(event) => { event.preventDefault(); setPreview(new FormData(event.currentTarget).get("path") as string); }}>
          <label htmlFor="preview-path">Page</label>
          <input id="preview-path" name="path" defaultValue={preview} key={preview} />
          <button type="submit">Go</button>
        </form>
        {previewOpen && <iframe title="Live preview of the site" src={preview} />}
      </aside>}
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

/** The schema of a site file's form: site.yaml's, or a copy file's (a translation's by its default twin). */
function schemaOfFile(state: EditorState, file: string): Record<string, unknown> | undefined {
  if (file === "site.yaml") return state.schemas.site;
  return state.schemas.copy[file.replace(/^content\/(?:[a-z]{2,3}\/)?/, "")];
}

/** Shows the editor once the state has come (main.tsx asked for it), or the files to settle first. */
export function showEditor(state: Promise<EditorState>): void {
  const root = createRoot(document.getElementById("editor")!);
  state.then(
    (state) => root.render(<StrictMode>{state.marked?.length ? <SectionFrame><SettleFiles marked={state.marked} /></SectionFrame> : <Editor initial={state} />}</StrictMode>),
    (error: Error) => root.render(<p role="alert">The editor could not load: {error.message}</p>),
  );
}
