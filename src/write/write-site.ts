import type { OutputFile } from "../assets/output-file.ts";
import { environmentMessage } from "../environment-errors.ts";
import { SiteError, sortProblems, UserError } from "../errors.ts";
import { renderLanguages, type SitePlan } from "../plan/plan-site.ts";
import { renderPages } from "../render/render-pages.ts";
import { killPoint } from "../test-hooks.ts";
import { openStaging } from "./staging.ts";

export interface WriteSiteOptions {
  /** The output folder; undefined renders and checks every page but writes nothing (`check`). */
  outDir?: string;
  /** Runs when everything is rendered and checked, before the new output replaces the old; when it throws, the old output stays. */
  beforeCommit?: () => Promise<void>;
  /** Times one stage. */
  stage: <T>(name: string, run: () => Promise<T> | T) => Promise<T>;
  /**
   * Whether a page the same as the current output's is linked from it (src/render/link-unchanged.ts),
   * which reads each current page to compare; a dev server that knows most pages changed says no.
   */
  linkUnchangedPages?: boolean;
  /** Delete the old output after the swap, not before returning (src/write/swap.ts): a dev server's rebuild. */
  removePreviousLater?: boolean;
}

/**
 * Renders every page of a checked plan into a staging folder beside the output while its other
 * files are written, then swaps the folder in: a page that fails to render, a broken link or a
 * full disk leaves the current output as it was. Returns the bytes written (or that would be).
 */
export async function writeSite(plan: SitePlan, options: WriteSiteOptions): Promise<{ bytes: number; renderThreads: number }> {
  const { outDir, stage } = options;
  const staging = outDir === undefined ? undefined : await openStaging(outDir, { removePreviousLater: options.removePreviousLater }).catch((error: unknown) => {
    throw asUserError(error, outDir);
  });
  if (staging) killPoint("staging");
  // The other files are written while the pages render.
  const writingFiles = staging?.write(plan.files);
  writingFiles?.catch(() => undefined);
  try {
    const rendered = await stage("render", () =>
      renderPages({ pages: plan.pages, templates: plan.templates, templatesFile: plan.templates.file, ...renderLanguages(plan), links: plan.links, outDir: staging?.dir, reuseFrom: options.linkUnchangedPages === false ? undefined : staging?.reuseFrom }),
    );
    if (rendered.problems.length > 0) throw new SiteError(sortProblems(rendered.problems));
    if (!staging) return { bytes: rendered.bytes + plan.files.reduce((sum, file) => sum + byteLength(file), 0), renderThreads: rendered.threads };
    const filesBytes = await stage("write", async () => {
      const written = await writingFiles!;
      killPoint("commit");
      await options.beforeCommit?.();
      await staging.commit();
      return written;
    });
    return { bytes: rendered.bytes + filesBytes, renderThreads: rendered.threads };
  } catch (error) {
    // Whatever is still being written lands before the staging folder is deleted.
    await writingFiles?.catch(() => undefined);
    await staging?.discard();
    throw asUserError(error, outDir);
  }
}

function byteLength(file: OutputFile): number {
  if (typeof file.data === "string") return Buffer.byteLength(file.data);
  return "byteLength" in file.data ? file.data.byteLength : 0;
}

/** An error of the machine (disk full, no permission) as the user's to fix, naming `outDir` when it names no file. */
export function asUserError(error: unknown, outDir: string | undefined): unknown {
  const message = environmentMessage(error, outDir);
  return message === undefined ? error : new UserError(message, { cause: error });
}
