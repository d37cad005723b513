import { build } from "../build.ts";
import type { Logger } from "../log.ts";
import { businessProfile, profileText } from "../seo/business-profile.ts";

export interface ProfileCommandOptions {
  config: string;
}

/**
 * `gopher-site profile`: the company's facts as Google's Business Profile asks for them, to compare
 * with the profile or paste into it. The site is checked first (in memory), so what is printed is
 * what the pages say; copy that states a phone or address by hand is among check's warnings.
 */
export async function profileCommand(options: ProfileCommandOptions, log: Logger): Promise<void> {
  const result = await build({ config: options.config, write: false });
  const defaultLanguage = result.site.languages[0]!.code;
  const services = result.pages.flatMap((page) => (page.template === "service" && page.lang === defaultLanguage ? [page.page.copy.name] : []));
  log.info(profileText(businessProfile(result.site, services)));
  const handWritten = result.warnings.filter((warning) => warning.message.includes("written by hand") || warning.message.includes("is not site.yaml's"));
  if (handWritten.length > 0) log.warn(`${handWritten.length} place${handWritten.length === 1 ? "" : "s"} in the copy state${handWritten.length === 1 ? "s" : ""} a phone or address by hand: gopher-site check names them`);
}
