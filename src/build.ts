import path from "node:path";
import type { OutputFile } from "./assets/output-file.ts";
import type { Site } from "./config/schema.ts";
import type { Problem } from "./errors.ts";
import { projectPaths, displayPath, type ProjectPaths } from "./paths.ts";
import { namer, planSite, type SitePlan } from "./plan/plan-site.ts";
import type { PlanMemo } from "./plan/plan-memo.ts";
import { checkSite } from "./plan/check-site.ts";
import type { PageData } from "./routes/page-props.ts";
import type { OutputFormat } from "./routes/urls.ts";
import type { SourceFiles } from "./source-files.ts";
import { committedVersion, type SiteVersion } from "./plan/site-version.ts";
import { assertReplaceable, assertSafeOutDir, realFolder } from "./output-guard.ts";
import { restoreInterruptedSwap } from "./write/swap.ts";
import { writeSite } from "./write/write-site.ts";

export interface BuildOptions {
  /** Path of site.yaml; the project is the folder around it. */
  config: string;
  /** Output folder; defaults to `dist` beside site.yaml. */
  out?: string;
  /** Replace the output folder even when it holds files a build did not write (`--empty-out-dir`). */
  emptyOutDir?: boolean;
  siteUrl?: string;
  format?: OutputFormat;
  /** Render and check everything but write nothing (`gopher-site check`). */
  write?: boolean;
  /** Called after each stage with its name and duration. */
  onStage?: (stage: string, ms: number) => void;
  /** Where site.yaml and content/ are read: the disk by default (the editor passes its unsaved files). */
  sources?: SourceFiles;
  /** Files are named in messages relative to this folder; the current one by default. */
  displayFrom?: string;
  /**
   * Runs when everything is built and checked, before the new output replaces the old: the
   * editor writes the saved files here. When it throws, the old output stays and the build fails.
   */
  beforeCommit?: () => Promise<void>;
  /** A dev server's memory of its last build (src/plan/plan-memo.ts), so that what did not change is not made again. */
  memo?: PlanMemo;
  /** The day taken as today, yyyy-mm-dd, for site.yaml's notice; GOPHER_SITE_TODAY or the clock by default (build-day.ts). */
  today?: string;
  /**
   * Write /.well-known/gopher-site.json, the git version the site was built from, when its files
   * are all committed (src/publish/site-version.ts): `gopher-site build`, which hosts run, so that
   * the editor can tell when a push is live. Not with `write: false` nor with `sources`.
   */
  writeVersion?: boolean;
}

export interface BuildResult {
  site: Site;
  pages: PageData[];
  outDir: string;
  /** Every file but the pages (assets, public/, generated files). */
  files: OutputFile[];
  /** Files written, pages included. */
  fileCount: number;
  /** Bytes of everything written (or that would be). */
  bytes: number;
  ms: number;
  /** Threads that rendered the pages; 0 when the main thread did (small sites). */
  renderThreads: number;
  /** Worth knowing, nothing to fix (e.g. a town without a page links to /service-areas). */
  notices: string[];
  /** Builds fine but should be fixed; `check --strict` fails on them. */
  warnings: Problem[];
}

/**
 * The whole pipeline, in order: the plan (config, content, images, routes, assets, seo:
 * src/plan/plan-site.ts), the checks (src/plan/check-site.ts), then every page rendered and the
 * output written and swapped in (src/write/). A dev server's rebuild runs the same stages
 * (src/dev/rebuild.ts) and renders only the pages whose data changed.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  return (await buildSite(options)).result;
}

/** A build, and the plan it rendered: a dev server keeps it to render only what the next change touches. */
export async function buildSite(options: BuildOptions): Promise<{ result: BuildResult; plan: SitePlan }> {
  const started = performance.now();
  const paths = projectPaths(options.config);
  // git is asked while the site is planned; a build of unsaved files (`sources`) is no version.
  const version = options.writeVersion && options.write !== false && !options.sources ? committedVersion(paths) : undefined;
  const outDir = await realFolder(options.out ?? path.join(paths.root, "dist"));
  await restoreInterruptedSwap(outDir);
  if (options.write !== false) {
    const shown = options.out ?? displayPath(options.displayFrom ?? process.cwd(), path.join(paths.root, "dist"));
    await assertSafeOutDir(outDir, { root: paths.root, sources: [paths.content, paths.public, paths.templates, paths.config, path.join(paths.root, ".git")], shown });
    await assertReplaceable(outDir, { emptyOutDir: options.emptyOutDir, shown, earlierOutput: options.out === undefined });
  }
  const stage = stageTimer(options.onStage);
  const plan = await plannedAndChecked({ ...options, paths, stage, version });
  const { bytes, renderThreads } = await writeSite(plan, { outDir: options.write === false ? undefined : outDir, beforeCommit: options.beforeCommit, stage });
  return { result: resultOf(plan, { outDir, bytes, renderThreads, started }), plan };
}

/**
 * The stages before any page is rendered, in their one order: the plan (src/plan/plan-site.ts), then
 * its checks (src/plan/check-site.ts). A build and a dev server's rebuild (src/dev/rebuild.ts) both
 * start here; they differ only in which pages they render and how they write them.
 */
export async function plannedAndChecked(
  options: Pick<BuildOptions, "siteUrl" | "format" | "sources" | "displayFrom" | "today" | "memo"> & { paths: ProjectPaths; stage: ReturnType<typeof stageTimer>; version?: Promise<SiteVersion | undefined> },
): Promise<SitePlan> {
  const { paths, stage, sources, displayFrom } = options;
  const plan = await planSite({ paths, siteUrl: options.siteUrl, format: options.format, sources, named: namer(displayFrom), today: options.today, stage, memo: options.memo, version: options.version });
  await stage("check", () => checkSite(plan, { sources, displayFrom }));
  return plan;
}

/** What a build tells its caller. */
export function resultOf(plan: SitePlan, done: { outDir: string; bytes: number; renderThreads: number; started: number }): BuildResult {
  const { outDir, bytes, renderThreads, started } = done;
  return {
    site: plan.site,
    pages: plan.pages,
    outDir,
    files: plan.files,
    fileCount: plan.files.length + plan.pages.length,
    bytes,
    ms: performance.now() - started,
    renderThreads,
    notices: plan.notices,
    warnings: plan.warnings,
  };
}

/** Runs a stage and tells `onStage` its name and duration. */
export function stageTimer(onStage: BuildOptions["onStage"]) {
  return async <T,>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const value = await run();
    onStage?.(name, performance.now() - t0);
    return value;
  };
}
