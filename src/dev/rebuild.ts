import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../assets/output-file.ts";
import { buildSite, plannedAndChecked, resultOf, stageTimer, type BuildOptions, type BuildResult } from "../build.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { stampText } from "../output-guard.ts";
import { realProjectPaths } from "../paths.ts";
import { renderLanguages, type LanguageBuild, type SitePlan } from "../plan/plan-site.ts";
import { createLinkChecker } from "../render/check-links.ts";
import { renderBatch } from "../render/render-batch.ts";
import type { PageData, TemplateName } from "../routes/page-props.ts";
import { updateInPlace } from "../write/update-in-place.ts";
import { writeSite } from "../write/write-site.ts";
import { sameData } from "../plan/same-data.ts";
import { templateUses } from "./template-uses.ts";
import { createPlanMemo } from "../plan/plan-memo.ts";

/** More changed pages than this are rendered by a whole build (its threads, its staging folder), not one by one in memory. */
export const PARTIAL_LIMIT = 2000;

export interface RebuildRequest {
  /** Where site.yaml and content/ are read: the disk by default (the editor passes its unsaved files). */
  sources?: BuildOptions["sources"];
  displayFrom?: string;
  /** Runs once everything is rendered and checked, before the output changes; when it throws, nothing changes. */
  beforeCommit?: () => Promise<void>;
  onStage?: BuildOptions["onStage"];
}

export interface Rebuilt {
  result: BuildResult;
  /** The output paths of the pages rendered: every page for a whole build. */
  rendered: string[];
  /** Files written or removed, pages included. */
  written: number;
  removed: number;
  /** Whether the whole site was built (the first build, or a change touching most pages). */
  whole: boolean;
}

/** What is kept of the last build served: its plan, and what each output file was made from. */
interface Kept {
  plan: SitePlan;
  pages: Map<string, PageData>;
  files: Map<string, OutputFile["data"]>;
  /** A file copied from public/, as it was when copied: its size and modification time. */
  copies: Map<string, string>;
  outputs: Set<string>;
  stamp: string;
  /** What each kind of page is rendered with (template-uses.ts), worked out beside the build. */
  uses: Promise<Map<TemplateName, string> | undefined>;
}

/**
 * A dev server's builds. The first is a whole build; each later one runs every stage before
 * rendering (every check a build makes: a site that would not build is never served), then
 * renders only the pages whose data changed. A page is rendered from its props, its language's
 * chrome and assets, and the templates: when none of them changed, neither did its HTML, so it
 * is not rendered. Changed files and pages are written in place; what a clean build would no
 * longer write is removed. tests/integration/rebuild-identity.test.ts proves the folder the same
 * as a clean build's after any sequence of edits.
 */
export function createRebuilder(config: string, outDir: string, options: { partialLimit?: number } = {}) {
  const partialLimit = options.partialLimit ?? PARTIAL_LIMIT;
  const paths = realProjectPaths(config);
  const memo = createPlanMemo();
  let kept: Kept | undefined;

  async function whole(request: RebuildRequest): Promise<Rebuilt> {
    kept = undefined;
    const { result, plan } = await buildSite({ config, out: outDir, memo, ...request });
    kept = await keep(plan, templateUses(paths.templates, plan.templates.fingerprint));
    return { result, rendered: plan.pages.map((page) => page.outFile), written: result.fileCount, removed: 0, whole: true };
  }

  /** Every stage before rendering and every check, then which pages changed since `last`. */
  async function planChanges(last: Kept, request: RebuildRequest, stage: ReturnType<typeof stageTimer>) {
    // The build's own stages in their order (build.ts); only what is rendered, and how it is written, differ.
    const plan = await plannedAndChecked({ paths, sources: request.sources, displayFrom: request.displayFrom, stage, memo });
    const uses = last.plan.templates.file === plan.templates.file ? last.uses : templateUses(paths.templates, plan.templates.fingerprint);
    const changed = await stage("compare", async () => changedPages(last, plan, await templatesChanged(last.uses, uses)));
    return { plan, uses, changed };
  }

  async function partial(request: RebuildRequest): Promise<Rebuilt> {
    const started = performance.now();
    const stage = stageTimer(request.onStage);
    const { plan, uses, changed } = await planChanges(kept!, request, stage);
    if (changed.length > partialLimit) {
      // The last build is let go before the whole site is written again: two sites of 10,000 pages in memory at once are too many.
      kept = undefined;
      const linkUnchangedPages = changed.length < plan.pages.length / 2;
      const { bytes, renderThreads } = await writeSite(plan, { outDir, beforeCommit: request.beforeCommit, stage, linkUnchangedPages, removePreviousLater: true });
      kept = await keep(plan, uses);
      const result = resultOf(plan, { outDir, bytes, renderThreads, started });
      return { result, rendered: plan.pages.map((page) => page.outFile), written: result.fileCount, removed: 0, whole: true };
    }
    const last = kept!;
    const html = new Map<string, string>();
    const problems = await stage("render", async () => {
      const checker = createLinkChecker(plan.links);
      const writer = { write: (file: string, text: string) => void html.set(file, text), flush: async () => {}, unfinished: 0 };
      const rendered = await renderBatch({ templates: plan.templates, ...renderLanguages(plan), links: checker, writer }, changed);
      return [...rendered.problems, ...(await unchangedPagesLinks(last, plan, html, checker, outDir))];
    });
    if (problems.length > 0) throw new SiteError(sortProblems(problems));
    const files = await changedFiles(last, plan);
    const outputs = outputsOf(plan);
    const stamp = stampOf(outputs);
    const update = {
      write: [...files, ...[...html].map(([file, text]) => ({ path: file, data: text }))],
      remove: [...last.outputs].filter((file) => !outputs.has(file)),
      stamp: stamp === last.stamp ? undefined : stamp,
    };
    await request.beforeCommit?.();
    // From here the folder is neither the last build nor this one until the update ends: kept is forgotten until then.
    kept = undefined;
    const bytes = await stage("write", () => updateInPlace(outDir, update));
    kept = await keep(plan, uses);
    const result = resultOf(plan, { outDir, bytes, renderThreads: 0, started });
    return { result, rendered: [...html.keys()], written: update.write.length, removed: update.remove.length, whole: false };
  }

  return {
    /** Builds the site into the output folder, rendering only what changed since the last build it served. */
    rebuild(request: RebuildRequest = {}): Promise<Rebuilt> {
      return kept ? partial(request) : whole(request);
    },
  };
}

/** The kinds of page whose templates changed: none, some, or (not known) all. */
async function templatesChanged(before: Kept["uses"], now: Kept["uses"]): Promise<(kind: TemplateName) => boolean> {
  if (before === now) return () => false;
  const [old, fresh] = await Promise.all([before, now]);
  if (!old || !fresh) return () => true;
  return (kind) => old.get(kind) !== fresh.get(kind);
}

/** The pages to render: new ones, and those whose props, language or templates changed. */
function changedPages(last: Kept, plan: SitePlan, templateChanged: (kind: TemplateName) => boolean): PageData[] {
  const known = new WeakMap<object, object>();
  const lastLanguages = new Map(last.plan.languages.map((language) => [language.edition.code, language]));
  const languageChanged = new Map(plan.languages.map((language) => [language.edition.code, !sameLanguage(lastLanguages.get(language.edition.code), language, known)]));
  return plan.pages.filter((page) => {
    const before = last.pages.get(page.outFile);
    return !before || templateChanged(page.template) || languageChanged.get(page.lang) || !sameData(before, page, known);
  });
}

/** What a page of a language is rendered with besides its props: the chrome, the assets, the addresses of its links. */
function sameLanguage(before: LanguageBuild | undefined, now: LanguageBuild, known: WeakMap<object, object>): boolean {
  return before !== undefined && sameData(before.chrome, now.chrome, known) && sameData(before.assets, now.assets, known) && sameData(before.paths, now.paths, known);
}

/**
 * The pages not rendered again had every link valid in the last build; one can break only when a
 * page or file they may link to is gone. Then they are read back from the folder and checked.
 */
async function unchangedPagesLinks(last: Kept, plan: SitePlan, rendered: ReadonlyMap<string, string>, checker: ReturnType<typeof createLinkChecker>, outDir: string): Promise<Problem[]> {
  const targets = new Set([...plan.links.paths, ...plan.links.files]);
  const gone = [...last.plan.links.paths, ...last.plan.links.files].some((target) => !targets.has(target));
  if (!gone) return [];
  const problems: Problem[] = [];
  for (const page of plan.pages) {
    if (rendered.has(page.outFile) || !last.pages.has(page.outFile)) continue;
    const html = await readFile(path.join(outDir, page.outFile), "utf8");
    problems.push(...checker.check({ path: page.path, outFile: page.outFile, html }));
  }
  return problems;
}

/** The files (not pages) whose contents differ from the last build's, and the new ones. */
async function changedFiles(last: Kept, plan: SitePlan): Promise<OutputFile[]> {
  const changed: OutputFile[] = [];
  for (const file of plan.files) {
    const before = last.files.get(file.path);
    if (typeof file.data === "object" && "copyFrom" in file.data) {
      if (last.copies.get(file.path) !== (await copyStamp(file.data.copyFrom))) changed.push(file);
    } else if (before === undefined || !sameBytes(before, file.data)) changed.push(file);
  }
  return changed;
}

function sameBytes(a: OutputFile["data"], b: string | Uint8Array): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return "copyFrom" in a ? false : Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** A public file as it is on disk now: its path, size and modification time. */
async function copyStamp(file: string): Promise<string> {
  const { size, mtimeMs } = await stat(file);
  return `${file}\0${size}\0${mtimeMs}`;
}

function outputsOf(plan: SitePlan): Set<string> {
  return new Set([...plan.files.map((file) => file.path), ...plan.pages.map((page) => page.outFile)]);
}

/** The stamp a clean build writes: the top-level names of its outputs. */
function stampOf(outputs: ReadonlySet<string>): string {
  return stampText([...new Set([...outputs].map((file) => file.split("/")[0]!))]);
}

async function keep(plan: SitePlan, uses: Kept["uses"]): Promise<Kept> {
  const copies = new Map<string, string>();
  const files = new Map<string, OutputFile["data"]>();
  for (const file of plan.files) {
    if (typeof file.data === "object" && "copyFrom" in file.data) copies.set(file.path, await copyStamp(file.data.copyFrom));
    else files.set(file.path, file.data);
  }
  const outputs = outputsOf(plan);
  return { plan, pages: new Map(plan.pages.map((page) => [page.outFile, page])), files, copies, outputs, stamp: stampOf(outputs), uses };
}
