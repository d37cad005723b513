import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Document } from "yaml";
import { parseYamlDocument } from "../config/yaml-source.ts";
import { readYamlValues } from "../config/read-yaml.ts";
import { createSiteValuesMemo } from "./site-values.ts";
import type { SiteInput } from "../config/schema.ts";
import { joinMarkdown, splitMarkdown } from "../content/front-matter.ts";
import type { SiteBuilder } from "./editor-build.ts";
import { environmentMessage } from "../environment-errors.ts";
import { formatProblem, UserError, type Problem } from "../errors.ts";
import { findTowns } from "./gazetteer.ts";
import { checkPicture, MAX_UPLOAD_REQUEST_BYTES, uploadName, uploadNames } from "./image-upload.ts";
import { createPendingUploads } from "./pending-uploads.ts";
import { needsScaling, scaleDown } from "./scale-upload.ts";
import { unknownKeyOf } from "./known-keys.ts";
import { previewMarkdown } from "./markdown-preview.ts";
import { editablePath, listEditableFiles, PAGE_COPY, PathRefused, readProjectFile, SETTINGS, versionOf } from "./project-files.ts";
import { saveFileAtomically, saveFilesTogether } from "./save-file.ts";
import { goOnAfterSettling, sidesInIndex } from "../publish/settle.ts";
import { halfDoneOperation, openSiteRepository } from "../publish/site-repository.ts";
import { ChoiceMissing, fieldClashes, hasConflictMarkers, joinVersions, markedSides, type FieldClash } from "../publish/value-clash.ts";
import { pageCopyRefusal, starterText } from "./page-files.ts";
import { MOST_OPS, opsCount, parseSaveRequest, type FileChange } from "./save-request.ts";
import { createVersionRoutes, VERSION_ROUTES, type LiveSite } from "./editor-versions.ts";
import { createFormValidators, MAX_SCHEMA_BYTES, SchemaRefused } from "./form-validators.ts";
import { editorSchemas, ownPagesIn, serviceIdsIn } from "./schemas.ts";
import { changedPaths, clashingFields, VersionMemory } from "./save-merge.ts";
import { untranslated } from "./translations.ts";
import { applyEditsBesideTowns, applyTownEdits } from "./town-edit.ts";
import { closeAfter, readBody } from "../http/body.ts";
import { sendCompressed } from "../http/compress.ts";
import { Refused } from "./refused.ts";
import { requestRoutes } from "./request-routes.ts";
import { testBodyDeadlineMs } from "../test-hooks.ts";
import { applyYamlEditsInTurns, EditRefused } from "../yaml-edit/yaml-edit.ts";


export interface EditedFile {
  version: string;
  data: unknown;
  body?: string;
}


export interface EditorApiOptions {
  /** Where the site is live, and how Publish puts it there (src/editor/editor-versions.ts). */
  live?: LiveSite;
  /** Where serve keeps the quote form's requests (leads/ beside site.yaml by default). */
  leads?: string;
  /**
   * Whether answers are compressed for a client that takes it (the default). `edit` says no: its
   * browser is on this machine, where compressing the 5 MB of a large site's site.yaml in each
   * Save's answer only adds its time (about 100 ms) to the wait.
   */
  compress?: boolean;
}

/** The editor's API on one project: read everything, save changes, preview a markdown text, find towns, upload pictures, publish, history, undo. */
export function createEditorApi(root: string, site: () => SiteBuilder, settings = SETTINGS, options: EditorApiOptions = {}) {
  // One save at a time: a second tab's save waits, then finds the file changed.
  let saving: Promise<unknown> = Promise.resolve();
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const run = saving.then(work);
    saving = run.catch(() => {});
    return run;
  };
  // Publish and undo change the files a save reads: they wait their turn with the saves.
  const versions = createVersionRoutes(path.join(root, settings), queued, options.live);
  // The versions handed out: a save made from one of them is merged with what changed since.
  const memory = new VersionMemory();
  const uploads = createPendingUploads(root);
  // The forms' validators, compiled here: the editor's page may not compile code (no 'unsafe-eval').
  const validators = createFormValidators();
  const imagesFolder = () => editablePath(root, "public/images", /^public\/images$/);

  const siteValues = createSiteValuesMemo();
  const compress = options.compress ?? true;

  async function fileView(relative: string): Promise<EditedFile | undefined> {
    const file = await readProjectFile(root, relative, settings);
    if (!file) return undefined;
    memory.remember(relative, file.version, file.text);
    if (relative.endsWith(".md")) {
      const parts = splitMarkdown(file.text);
      if (!parts) return { version: file.version, data: {}, body: file.text };
      // Front matter starts on the file's second line.
      return { version: file.version, data: readValues(relative, parts.yaml, 1), body: parts.body };
    }
    // site.yaml in pieces, only its changed towns parsed again (site-values.ts); whole when it cannot be.
    const data = (relative === "site.yaml" ? siteValues.read(file.text) : undefined) ?? readValues(relative, file.text, 0);
    return { version: file.version, data };
  }

  /** A file's values as the build reads them; the build's own message when it would refuse the file. */
  function readValues(relative: string, text: string, lineOffset: number): unknown {
    const problems: Problem[] = [];
    const read = readYamlValues(relative, text, problems, { lineOffset });
    if (!read) throw new Refused(422, problems.map(formatProblem).join("; "), { problems });
    return read.data;
  }

  /**
   * The editable files with git's conflict markers (a pull or rebase made in a terminal), each
   * field the two sides changed, so the editor opens with that choice instead of a file it cannot
   * read. While a rebase replays the owner's versions, HEAD's side is the published one.
   */
  async function markedFiles(): Promise<MarkedFile[]> {
    const found: MarkedFile[] = [];
    for (const relative of await listEditableFiles(root)) {
      const file = await readProjectFile(root, relative, settings);
      if (!file || !hasConflictMarkers(file.text)) continue;
      const sides = await sidesOf(relative, file.text);
      // Markers not whole, or a side that is not YAML: the build's own message says where.
      const fields = sides && attempt(() => fieldClashes(relative, sides.base, sides.yours, sides.published));
      if (fields) found.push({ file: relative, version: file.version, fields });
    }
    return found;
  }

  /**
   * A marked file's two sides: from git's index while the rebase or merge that left the markers is
   * half done (with the common version: who changed what is known), else from the markers.
   */
  async function sidesOf(relative: string, text: string) {
    const inIndex = await sidesInIndex(path.join(root, settings), relative === SETTINGS ? settings : relative);
    if (inIndex) return inIndex;
    const rebasing = await openSiteRepository(path.join(root, settings)).then(halfDoneOperation).then((operation) => operation === "rebase", () => false);
    return markedSides(text, rebasing);
  }

  /** Writes each marked file joined as the owner chose, then goes on with the git operation that left the markers. */
  async function settle(sent: unknown): Promise<{ message: string }> {
    const files = (sent as { files?: unknown } | null)?.files;
    if (!Array.isArray(files) || files.length === 0) throw new Refused(400, "the editor sent no files to settle (a bug in the editor, not in your site)");
    const texts = new Map<string, string>();
    for (const entry of files as Array<{ file?: unknown; version?: unknown; choices?: unknown }>) {
      if (typeof entry?.file !== "string" || typeof entry.version !== "string" || !entry.choices || typeof entry.choices !== "object") throw new Refused(400, "the editor sent a file to settle without its version and choices (a bug in the editor, not in your site)");
      // A path out of the site's editable files is refused as such (PathRefused: 400), before it is read.
      await editablePath(root, entry.file, undefined, settings);
      const current = await readProjectFile(root, entry.file, settings);
      if (!current || current.version !== entry.version) throw new Refused(409, `${entry.file} changed since the editor read it; reload to see it as it is now`, { conflict: entry.file });
      const sides = hasConflictMarkers(current.text) ? await sidesOf(entry.file, current.text) : undefined;
      if (!sides) throw new Refused(409, `${entry.file} has no whole conflict markers any more; reload to see it as it is now`, { conflict: entry.file });
      const choices = Object.fromEntries(Object.entries(entry.choices).filter(([, pick]) => pick === "yours" || pick === "published")) as Record<string, "yours" | "published">;
      try {
        texts.set(entry.file, joinVersions(entry.file, sides.base, sides.yours, sides.published, choices));
      } catch (error) {
        if (error instanceof ChoiceMissing) throw new Refused(400, `Not saved: choose yours or published for ${error.fields.map((field) => field.field).join(", ")}`);
        throw error;
      }
    }
    for (const [file, text] of texts) await saveFileAtomically(root, await editablePath(root, file, undefined, settings), text);
    return { message: await goOnAfterSettling(path.join(root, settings), [...texts.keys()].map((file) => (file === "site.yaml" ? settings : file))) };
  }

  /**
   * Every file the editor edits, their schemas, what is not translated; or (`part` "site") only what
   * the editor's header and Business section need, asked for first: site.yaml, each language.yaml
   * and site.yaml's schema.
   */
  async function state(part?: string | null) {
    // A file with conflict markers first: nothing else can be edited until the owner chose.
    const marked = await markedFiles();
    if (marked.length > 0) return { files: {}, marked };
    const sitePart = part === "site";
    const files: Record<string, EditedFile> = {};
    for (const relative of await listEditableFiles(root)) {
      if (sitePart && !inSitePart(relative)) continue;
      const view = await fileView(relative);
      if (view) files[relative] = view;
    }
    const siteYaml = await readFile(path.join(root, settings), "utf8");
    // The site's name for the drafts a browser keeps of it (app/drafts.ts): one browser may open several sites' editors.
    const siteId = createHash("sha256").update(path.resolve(root, settings)).digest("base64url").slice(0, 16);
    // site.yaml's values as fileView read them (the fast parser when it may): not parsed again.
    const schemas = editorSchemas(siteYaml, files["site.yaml"]?.data ?? readValues(settings, siteYaml, 0));
    if (sitePart) return { site: siteId, part: "site", files, schemas: { site: schemas.site } };
    const data = new Map(Object.entries(files).map(([file, view]) => [file, view.data]));
    const site = files["site.yaml"]?.data as SiteInput;
    return { site: siteId, files, schemas, untranslated: await untranslated(root, site, data) };
  }

  /**
   * The file as the save found it on disk, refused when it is not the version the editor read, unless
   * the change can be merged: its operations touch no field changed since that version (mergedChange).
   */
  async function unchangedSinceRead(change: FileChange, merging = false) {
    const current = await readProjectFile(root, change.file, settings);
    if (change.create || change.starter) {
      if (current) throw new Refused(409, `${change.file} already exists; pick another name`, { conflict: change.file });
      return undefined;
    }
    if (!current) throw new Refused(409, `${change.file} is no longer on disk; reload the editor`, { conflict: change.file });
    if (current.version !== change.version && !(merging && mergedChange(change, current.text))) {
      throw new Refused(409, `${change.file} changed on disk since you opened it (in another tab, a text editor or by git). Your change was not saved: reload to see the new version, then make it again.`, { conflict: change.file });
    }
    // A save renames a new file over the old one, which a file's own permissions do not stop. Not a
    // 409: the editor's page offers Reload for those, and reloading would lose the owner's edits.
    if (await isReadOnly(change.file === SETTINGS ? path.join(root, settings) : path.join(root, change.file))) {
      throw new Refused(403, `${change.file} is read-only; nothing was saved. Make it writable (chmod u+w ${change.file}) for the editor to change it`);
    }
    return current;
  }

  /** The file's absolute path, its new text (null: removed), and its text now (none for a new file). */
  async function newText(change: FileChange): Promise<[string, string | null, string?]> {
    const absolute = await editablePath(root, change.file, undefined, settings);
    const action = change.starter ? "starter" : change.remove ? "remove" : undefined;
    const refusal = action && pageCopyRefusal(change.file, action);
    if (refusal) throw new PathRefused(refusal);
    const current = await unchangedSinceRead(change, true);
    if (change.remove) return [absolute, null, current!.text];
    if (change.starter) return [absolute, await starter(change.file, change.starter.name)];
    if (change.create) {
      const yaml = new Document(change.create).toString({ lineWidth: 0 });
      // A new article (front matter and text), or a new YAML file (a language's first town paragraphs).
      return [absolute, change.file.endsWith(".md") ? `---\n${yaml}---\n\n${(change.body ?? "").trim()}\n` : yaml];
    }
    if (!current) throw new Refused(409, `${change.file} is no longer on disk; reload the editor`, { conflict: change.file });
    // Merged onto the file as it is now: the check after the build compares against this version.
    if (change.version !== current.version) Object.assign(change, { version: current.version, body: mergedChange(change, current.text)!.body });
    const ops = change.ops ?? [];
    if (!change.file.endsWith(".md")) {
      // A town's values in site.yaml are edited in that town's entry alone, and values beside the
      // towns without them, when they can be (town-edit.ts).
      const quick = change.file === SETTINGS ? ((await applyTownEdits(current.text, ops)) ?? (await applyEditsBesideTowns(current.text, ops))) : undefined;
      const edited = quick ?? (await applyYamlEditsInTurns(current.text, ops));
      return [absolute, await onlyKnownKeys(change, edited), current.text];
    }
    const parts = splitMarkdown(current.text);
    if (!parts) throw new Refused(422, `${change.file} has no front matter to edit`);
    const yaml = await onlyKnownKeys(change, await applyYamlEditsInTurns(parts.yaml, ops));
    return [absolute, joinMarkdown({ ...parts, yaml, body: change.body ?? parts.body }), current.text];
  }

  /**
   * A change made from an older version, as it applies to the file's text `now`: its operations as
   * they are, and its markdown body when it changed it (else the body now). Undefined when it cannot
   * be merged (the older version is not remembered, or it is not an edit of values); a 409 naming
   * the fields when it changes one that changed since.
   */
  function mergedChange(change: FileChange, now: string): Pick<FileChange, "body"> | undefined {
    if (change.version === undefined || change.create || change.starter || change.remove) return undefined;
    const then = memory.textOf(change.file, change.version);
    if (then === undefined) return undefined;
    if (then === now) return { body: change.body };
    const [before, after] = [then, now].map((text) => (change.file.endsWith(".md") ? splitMarkdown(text) : { yaml: text, body: undefined }));
    if (!before || !after) return undefined;
    const values = (text: string) => parseYamlDocument(text).toJS() ?? {};
    const clashes = clashingFields(change.ops ?? [], changedPaths(values(before.yaml), values(after.yaml)));
    const ownBody = change.body !== undefined && change.body !== before.body;
    if (ownBody && after.body !== before.body) clashes.push("the text");
    if (clashes.length > 0) {
      throw new Refused(409, `${change.file} changed on disk since you opened it (in another tab, a text editor or by git), in what you changed too: ${clashes.join(", ")}. Your change was not saved: reload to see the new version; your typed text is kept in the form.`, { conflict: change.file, fields: clashes });
    }
    return { body: ownBody ? change.body : after.body };
  }

  /** A new service's or own page's starter text, with site.yaml's facts; refused for a name that cannot be one. */
  async function starter(file: string, name: string): Promise<string> {
    const site = (await fileView("site.yaml"))?.data;
    const [first] = serviceIdsIn(site);
    const firstService = first === undefined ? undefined : (await fileView(`content/services/${first}.yaml`).catch(() => undefined))?.data;
    const made = await starterText(file, name, site, firstService);
    if ("problem" in made) throw new Refused(422, `Not saved: ${made.problem}.`, { problems: [{ file, field: "name", message: made.problem }] });
    return made.text;
  }

  /**
   * The edited text, refused when an operation names a key the file's schema does not have. Checked
   * after the edits: one that does not fit the file at all (a key inside a single value) says so first.
   */
  async function onlyKnownKeys(change: FileChange, edited: string): Promise<string> {
    // A service's or own page's copy file and a language's slugs are named by site.yaml's ids.
    const bySite = PAGE_COPY.test(change.file) || /(?:^|\/)language\.yaml$/.test(change.file);
    const site = bySite ? (await fileView("site.yaml"))?.data : undefined;
    const unknown = unknownKeyOf(change.file, change.ops ?? [], serviceIdsIn(site), ownPagesIn(site));
    if (!unknown) return edited;
    const { op, path: key } = unknown;
    throw new Refused(400, `Not saved: the change "${op.op} ${op.path.join(".")}" names ${key.join(".")}, a field ${change.file} does not have (a bug in the editor, not in your site)`);
  }

  /** A save, with the uploaded pictures its changes name: in public/images/ for its build, kept only if it is saved. */
  async function save(changes: FileChange[]) {
    const images = await imagesFolder();
    const placed: string[] = [];
    let saved = false;
    try {
      const taken = await uploads.place(images, changes, placed);
      if (taken) throw new Refused(409, `Not saved: public/images/${taken} appeared since the picture was uploaded (put there by hand or by git); upload the picture again`);
      const result = await saveChanges(changes);
      saved = true;
      return result;
    } finally {
      await uploads.settle(images, placed, saved);
    }
  }

  async function saveChanges(changes: FileChange[]) {
    if (!Array.isArray(changes) || changes.length === 0) throw new Refused(400, "nothing to save");
    // By absolute path, the files whose text changes; one whose text is the same is left alone.
    const texts = new Map<string, string | null>();
    // Copies: a change merged onto a newer version is changed to name it.
    changes = changes.map((change) => ({ ...change }));
    for (const change of changes) {
      const [absolute, text, before] = await newText(change);
      if (text !== before) texts.set(absolute, text);
    }
    // Warnings the save brought (a town's paragraph not translated yet): saved, but said.
    let leftToDo: Problem[] = [];
    if (texts.size > 0) {
      const builder = site();
      // The site is built with the new texts before any is written: an invalid value never is.
      const problems: Problem[] = await builder.buildWith(texts, async () => {
        // The build took a moment: a file changed meanwhile (a text editor, git) is not overwritten.
        for (const change of changes) await unchangedSinceRead(change);
        for (const absolute of texts.keys()) await mkdir(path.dirname(absolute), { recursive: true });
        // All the files of a save, or none of them, even when the process is killed.
        await saveFilesTogether(root, texts, (absolute, modified) => builder.expectWrite(absolute, modified));
      }, (warnings) => (leftToDo = warnings));
      if (problems.length > 0) throw new Refused(422, "Not saved: the site would not build.", { problems });
    }
    // A removed file is null: the editor drops it.
    const files: Record<string, EditedFile | null | undefined> = {};
    for (const change of changes) files[change.file] = change.remove ? null : await fileView(change.file);
    return { files, leftToDo };
  }

  async function upload(name: string, bytes: Buffer) {
    if (bytes.length === 0) throw new Refused(400, "the picture is empty");
    const picture = await checkPicture(bytes);
    if ("problem" in picture) throw new Refused(415, picture.problem);
    let { kind } = picture;
    let note: string | undefined;
    if (needsScaling(bytes, picture.width, picture.height)) {
      const scaled = await scaleDown(bytes, kind, picture.width, picture.height);
      if ("problem" in scaled) throw new Refused(415, scaled.problem);
      ({ bytes, kind, note } = scaled);
    }
    const base = uploadName(name, kind);
    // Kept aside until a save names it; two uploads of one name at once each get their own name.
    const chosen = await uploads.keep(await imagesFolder(), uploadNames(base), bytes);
    if (!chosen) throw new Refused(409, `public/images/ already has a thousand pictures named like ${base}; rename the picture first`);
    return { path: `/images/${chosen}`, version: versionOf(bytes), ...(note ? { note } : {}) };
  }

  /** A request's JSON body, within `limit` bytes (`what` names it in the refusal). */
  const jsonBody = async (request: IncomingMessage, limit: number, what: string): Promise<unknown> => JSON.parse((await bodyOf(request, limit, what)).toString("utf8") || "{}");

  /** The API's routes by name, each with its method: what it answers, or a VersionAnswer with its own status. */
  const routes: Record<string, { method: "GET" | "POST"; run(request: IncomingMessage, url: URL): Promise<unknown> }> = {
    state: { method: "GET", run: (_request, url) => state(url.searchParams.get("part")) },
    // The Requests section: what the quote form took (src/editor/request-routes.ts).
    ...requestRoutes(options.leads ?? path.join(root, "leads"), jsonBody),
    towns: {
      method: "GET",
      async run(_request, url) {
        const site = (await fileView("site.yaml"))?.data as SiteInput | undefined;
        return { towns: findTowns(url.searchParams.get("q") ?? "", site?.base?.region ?? "CA") };
      },
    },
    save: {
      method: "POST",
      async run(request) {
        const sent = await jsonBody(request, 4 * 1024 * 1024, "the save");
        const count = opsCount(sent);
        if (count > MOST_OPS) {
          throw new Refused(413, `Not saved: this save has ${count.toLocaleString("en-US")} changes, more than the ${MOST_OPS.toLocaleString("en-US")} one save may carry; save in parts (some towns, Save, then the others)`);
        }
        const body = parseSaveRequest(sent);
        if ("issues" in body) throw new Refused(400, `Not saved: the editor sent a request the server cannot read (a bug in the editor, not in your site): ${body.issues.join("; ")}`, { issues: body.issues });
        return queued(() => save(body.changes));
      },
    },
    preview: {
      method: "POST",
      async run(request) {
        const asked = (await jsonBody(request, 4 * 1024 * 1024, "the text to preview")) as { file?: unknown; body?: unknown } | null;
        if (typeof asked?.file !== "string" || typeof asked.body !== "string") throw new Refused(400, "the editor asked for a preview without a file and its text (a bug in the editor, not in your site)");
        return previewMarkdown(root, asked.file, asked.body, settings);
      },
    },
    settle: {
      method: "POST",
      // The body is read before the queue: a slow one holds up no save.
      async run(request) {
        const sent = await jsonBody(request, 1024 * 1024, "the choices");
        return queued(() => settle(sent));
      },
    },
    validator: { method: "POST", run: async (request) => ({ module: await validators.compile((await bodyOf(request, MAX_SCHEMA_BYTES, "the form's schema")).toString("utf8")) }) },
    upload: { method: "POST", run: async (request, url) => upload(url.searchParams.get("name") ?? "picture", await bodyOf(request, MAX_UPLOAD_REQUEST_BYTES, "the upload")) },
    ...Object.fromEntries(
      Object.entries(VERSION_ROUTES).map(([name, method]) => [
        name,
        { method, run: async (request: IncomingMessage) => versions(name, method === "POST" ? await jsonBody(request, 64 * 1024, "the request") : undefined) },
      ]),
    ),
  };

  /** Answers /__editor/api/<route>; the request was let through by the guard and carries the secret. */
  async function handleApi(name: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://editor");
    try {
      const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
      if (!route) throw new Refused(404, "no such editor route");
      if (route.method !== request.method) throw new Refused(405, `this editor route answers ${route.method} only`);
      const result = await route.run(request, url);
      // Publish, history and undo answer with their own status (editor-versions.ts).
      if (Object.hasOwn(VERSION_ROUTES, name)) {
        const answer = result as { status: number; body: unknown };
        return sendJson(response, answer.status, answer.body, compress);
      }
      sendJson(response, 200, result, compress);
    } catch (error) {
      if (error instanceof Refused) {
        if (error.closes) closeAfter(request, response);
        sendJson(response, error.status, { error: error.message, ...error.extra });
      } else if (error instanceof PathRefused) sendJson(response, 400, { error: error.message });
      else if (error instanceof SchemaRefused) sendJson(response, 400, { error: error.message });
      else if (error instanceof EditRefused) sendJson(response, 422, { error: `Not saved: ${error.message}` });
      else if (error instanceof SyntaxError) sendJson(response, 400, { error: "the request is not valid JSON" });
      else {
        // The machine's refusal (a full disk, a file it may not write) is the owner's to fix: said as itself.
        const machine = error instanceof UserError ? error.message : environmentMessage(error);
        if (machine) sendJson(response, 507, { error: `Not saved: ${machine}` });
        else sendJson(response, 500, { error: `internal error: ${(error as Error).message}` });
      }
    }
  }
  // The pictures no save used go when the editor stops.
  return Object.assign(handleApi, { uploadsFolder: uploads.folder, close: uploads.close, validatorModule: validators.module });
}

/** A file with conflict markers, and the fields its two sides changed. */
export interface MarkedFile {
  file: string;
  version: string;
  fields: FieldClash[];
}

function attempt<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

/** The files of the state's first part: site.yaml and each language's language.yaml. */
function inSitePart(relative: string): boolean {
  return relative === "site.yaml" || /^content\/[^/]+\/language\.yaml$/.test(relative);
}

/** Whether the owner made `file` read-only: no write permission for anyone, or none for this process. */
async function isReadOnly(file: string): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats) return false;
  // Checked on the mode too: for root (or an administrator) access() allows a write whatever the mode says.
  if ((stats.mode & 0o222) === 0) return true;
  return access(file, constants.W_OK).then(
    () => false,
    () => true,
  );
}

/** An answer of the API, compressed for a client that takes it (the state of a large site is large). */
export function sendJson(response: ServerResponse, status: number, value: unknown, compress = true): void {
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };
  const request = compress && response.req ? response.req : { headers: {}, method: response.req?.method ?? "GET" };
  sendCompressed(request, response, status, headers, JSON.stringify(value));
}

/** How long a body may take to arrive: a photo of 40 MB from this machine is quick; a trickle is not waited for. */
const BODY_DEADLINE_MS = 120_000;

/** The request's body, within `limit` bytes and BODY_DEADLINE_MS; refused past them (`what` names it), the connection closed after the answer. */
async function bodyOf(request: IncomingMessage, limit: number, what: string): Promise<Buffer> {
  const body = await readBody(request, { maxBytes: limit, deadlineMs: testBodyDeadlineMs() ?? BODY_DEADLINE_MS });
  if (body.kind === "body") return body.bytes;
  const size = limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`;
  if (body.kind === "too-large") throw new Refused(413, `${what} is larger than ${size}; make it smaller first`, {}, true);
  if (body.kind === "too-slow") throw new Refused(408, `${what} took too long to arrive`, {}, true);
  throw new Refused(400, `${what} was cut off before its end`, {}, true);
}
