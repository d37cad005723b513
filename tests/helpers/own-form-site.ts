import { copyFixture } from "./fixture-site.ts";
import { editProjectFile } from "./sample-site.ts";

/** The sample's lead provider (integrations.leadForm), every line of it. */
const PROVIDER = /\n {2}leadForm:\n(?: {4}.*\n)+/;

/**
 * Makes a copy of the sample a site with its own call-back form: the lead provider taken out and
 * site.yaml's leads put in, delivering as `delivery` says. The sample's content already has the
 * form's words and its thank-you pages in both languages. A test of the own form rather than of
 * the sample starts from the own-form fixture instead (copyOwnFormSite).
 */
export async function useOwnForm(dir: string, delivery: "server" | "netlify" | "cloudflare" = "server"): Promise<void> {
  await editProjectFile(dir, "site.yaml", (text) => text.replace(PROVIDER, "\n").replace("\nintegrations:\n", `\nleads:\n  delivery: ${delivery}\n\nintegrations:\n`));
}

/**
 * A temp copy of the own-form fixture (its own call-back form, English and Spanish), its requests
 * delivered as `delivery` says: the fixture's `server` unless told otherwise.
 */
export async function copyOwnFormSite(delivery: "server" | "netlify" | "cloudflare" = "server"): Promise<string> {
  const dir = await copyFixture("own-form");
  if (delivery !== "server") await editProjectFile(dir, "site.yaml", (text) => text.replace("\nleads:\n  delivery: server\n", `\nleads:\n  delivery: ${delivery}\n`));
  return dir;
}
