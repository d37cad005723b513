import path from "node:path";
import { hostFiles, hostStep } from "../init/host-files.ts";
import { siteJsonSchemaText } from "../config/json-schema.ts";
import { UserError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { collectAnswers } from "../init/answers.ts";
import { placesOfZip } from "../init/places.ts";
import { startRepository } from "../init/first-version.ts";
import { starterFiles } from "../init/starter.ts";
import { listed, townClash } from "../init/services.ts";
import { slugify } from "../slug.ts";
import { terminalAsk } from "../init/terminal-prompt.ts";
import { writeStarter } from "../init/write-starter.ts";

/** The flags: --service once per service. */
export interface InitCommandOptions {
  company?: string;
  service?: string[];
  phone?: string;
  email?: string;
  zip?: string;
  host?: string;
  street?: string;
  hours?: string;
  folder?: string;
  yes?: boolean;
}

/** `gopher-site init [folder]`: asks for the owner's facts (or takes them as flags) and writes a starter site. */
export async function initCommand(options: InitCommandOptions, log: Logger): Promise<void> {
  const folder = path.resolve(options.folder ?? ".");
  const terminal = options.yes ? undefined : terminalAsk();
  if (terminal) log.info(`A new site in ${displayFolder(folder)}: a few questions (Ctrl-C to stop; nothing is written before the end).\n`);
  let answers;
  try {
    const { company, phone, email, zip, street, hours, host } = options;
    answers = await collectAnswers({ company, services: options.service?.join(", "), phone, email, zip, street, hours, host }, terminal?.ask, options.yes ? "--yes was given" : undefined);
  } finally {
    terminal?.close();
  }
  const places = await placesOfZip(answers.zip);
  if (!places) throw new UserError(`--zip  ${answers.zip} is not in the ZIP code list gopher-site knows`);
  const clash = townClash(answers.services, [places.base, ...places.nearby].map((town) => town.name));
  if (clash) throw new UserError(clash);
  // site.yaml's first line names the schema: editors then check it as the owner types.
  const files = [
    ...(await starterFiles(answers, places)),
    { path: "site.schema.json", data: siteJsonSchemaText() },
    ...(await hostFiles(answers.host, slugify(answers.company) || "my-site", new Date())),
  ];
  await writeStarter(folder, files);
  const repository = await startRepository(folder, files.map((file) => file.path));

  const cities = [places.base, ...places.nearby].map((town) => town.name);
  log.success(`\nWrote a starter site for ${answers.company} in ${displayFolder(folder)} (${files.length} files):`);
  log.info(`  site.yaml   your facts; base town ${places.base.name}, ${places.base.region}; ${cities.length} city pages: ${cities.join(", ")}`);
  log.info(`  content/    the pages' words, about ${listed(answers.services)}: plain, with no claim you have not made`);
  log.info(`  public/     a neutral icon to replace with your logo`);
  log.info(`  addresses   ${addresses(answers.services, places.base.name)}`);
  if (repository.made) {
    log.info("  .git        a git repository with these files as its first version (and a .gitignore): gopher-site publish saves each change");
    if (repository.leftOut.length > 0) log.info(`              left out of it, as they were here before: ${repository.leftOut.join(", ")}`);
  } else {
    log.notice(repository.note);
  }
  log.info("\nNext steps:");
  const steps = [
    ...(folder === process.cwd() ? [] : [`cd ${displayFolder(folder)}`]),
    "npx gopher-site dev        # see the site at http://localhost:4321, rebuilt as you edit",
    "edit site.yaml             # siteUrl, your licences, reviews, hours; each town's intro in your words",
    "edit content/              # the pages' words",
    ...(answers.host ? ["npx gopher-site publish    # saves your changes as a version and pushes it"] : ["npx gopher-site check --strict && npx gopher-site build   # dist/ is the site to upload"]),
  ];
  for (const step of steps) log.info(`  ${step}`);
  const once = hostStep(answers.host);
  if (once) log.info(`\nOnce, to go live: ${once}.`);
}

function displayFolder(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative === "" ? "this folder" : relative.startsWith("..") || path.isAbsolute(relative) ? folder : relative;
}

/** The services' addresses and the city pages' (site.yaml's cityPath, as starter.ts writes it). */
function addresses(services: readonly string[], baseTown: string): string {
  const pages = services.map((service) => `/${slugify(service)}`);
  if (pages.length === 1) return `${pages[0]} and /{city}-${slugify(services[0]!)}, e.g. /${slugify(baseTown)}-${slugify(services[0]!)}`;
  return `${pages.join(", ")} and /{city}, e.g. /${slugify(baseTown)}`;
}
