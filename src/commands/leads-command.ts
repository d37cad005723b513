import path from "node:path";
import type { Logger } from "../log.ts";
import { projectPaths } from "../paths.ts";
import { oneLine } from "../leads/email.ts";
import { leadLine, listLeads, releaseLead } from "../leads/lead-list.ts";

export interface LeadsCommandOptions {
  config: string;
  leads?: string;
  held?: boolean;
}

const folderOf = (options: LeadsCommandOptions) => options.leads ?? path.join(projectPaths(options.config).root, "leads");

/** `gopher-site leads [--held]`: the requests `serve` took, newest first, and what became of each. */
export async function leadsCommand(options: LeadsCommandOptions, log: Logger): Promise<void> {
  const folder = folderOf(options);
  const listed = await listLeads(folder, { held: options.held });
  if (listed.length === 0) {
    log.info(options.held ? `No requests held as robots' in ${folder}.` : `No requests in ${folder} yet.`);
    return;
  }
  for (const entry of listed) log.info(leadLine(entry));
  if (options.held) log.info("A request held by mistake: gopher-site leads release ID (the last column) delivers it.");
}

/** `gopher-site leads release ID`: a request held as a robot's delivered after all. */
export async function releaseCommand(options: LeadsCommandOptions & { id: string }, log: Logger): Promise<void> {
  const lead = await releaseLead(folderOf(options), options.id);
  log.success(`Released ${lead.id.slice(0, 8)} (${oneLine(lead.fields.name, 60)}, ${oneLine(lead.fields.phone, 40)}): gopher-site serve delivers it within a minute, or when it next starts.`);
}
