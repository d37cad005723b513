import path from "node:path";
import { UserError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { projectPaths } from "../paths.ts";
import { isEmail, normalEmail, OWNERS_FOLDER, readOwnerFile, writeOwnerFile } from "../online/owner-files.ts";
import { openOwnerStore, type Owner } from "../online/owner-store.ts";

export interface UsersOptions {
  config: string;
  /** The owners folder; owners/ beside site.yaml by default. */
  owners?: string;
}

const folderOf = (options: UsersOptions) => options.owners ?? path.join(projectPaths(options.config).root, OWNERS_FOLDER);
const ownersIn = (folder: string) => readOwnerFile<{ owners?: Owner[] }>(folder, "owners.json", {}).owners ?? [];

/** `gopher-site users add EMAIL`: who may sign in to the editor `serve --editor` serves. */
export async function addUser(options: UsersOptions & { email: string }, log: Logger): Promise<void> {
  const email = normalEmail(options.email);
  if (!isEmail(email)) throw new UserError(`${JSON.stringify(options.email)} is not an e-mail address; give it as name@example.com`);
  const folder = folderOf(options);
  const owners = ownersIn(folder);
  if (owners.some((owner) => owner.email === email)) return log.info(`${email} is already an owner.`);
  await writeOwnerFile(folder, "owners.json", { owners: [...owners, { email, added: new Date().toISOString() }] });
  log.success(`Added ${email}: they sign in at /__editor/ with a link e-mailed to this address (gopher-site serve --editor).`);
}

/** `gopher-site users remove EMAIL`: the owner can no longer sign in; their sessions, links and passkeys end. */
export async function removeUser(options: UsersOptions & { email: string }, log: Logger): Promise<void> {
  const email = normalEmail(options.email);
  const folder = folderOf(options);
  const owners = ownersIn(folder);
  if (!owners.some((owner) => owner.email === email)) throw new UserError(`${email} is not an owner; gopher-site users list shows who is`);
  // Written by this process only: serve ends the owner's sessions, links and passkeys at their next request.
  await writeOwnerFile(folder, "owners.json", { owners: owners.filter((owner) => owner.email !== email) });
  log.success(`Removed ${email}: signed out everywhere; their passkeys no longer sign in.`);
}

/** `gopher-site users list`: the owners, each with their passkeys and sessions. */
export async function listUsers(options: UsersOptions, log: Logger): Promise<void> {
  const folder = folderOf(options);
  const store = openOwnerStore(folder);
  const owners = store.owners();
  if (owners.length === 0) return log.info(`No owners yet in ${folder}: gopher-site users add you@example.com`);
  for (const owner of owners) {
    const keys = store.passkeys(owner.email).length;
    const sessions = store.sessions(owner.email).length;
    log.info(`${owner.email}  added ${owner.added.slice(0, 10)}  ${count(keys, "passkey")}, ${count(sessions, "session")}`);
  }
}

/** `gopher-site users sessions [--end EMAIL|all]`: the signed-in browsers, and ending them. */
export async function userSessions(options: UsersOptions & { end?: string }, log: Logger): Promise<void> {
  const store = openOwnerStore(folderOf(options));
  if (options.end) {
    // A time in owners.json, which serve reads: the sessions made before it end (serve alone writes sessions.json).
    const folder = folderOf(options);
    const all = options.end === "all";
    const email = normalEmail(options.end);
    const owners = ownersIn(folder);
    if (!all && !owners.some((owner) => owner.email === email)) throw new UserError(`${email} is not an owner; gopher-site users list shows who is`);
    const ended = store.sessions().filter((session) => all || session.email === email).length;
    const at = new Date().toISOString();
    await writeOwnerFile(folder, "owners.json", { owners: owners.map((owner) => (all || owner.email === email ? { ...owner, signedOutAt: at } : owner)) });
    return log.success(`Ended ${count(ended, "session")}: ${all ? "everyone" : email} signs in again.`);
  }
  const sessions = store.sessions();
  if (sessions.length === 0) return log.info("Nobody is signed in.");
  for (const session of sessions) {
    log.info(`${session.email}  since ${session.created.slice(0, 16).replace("T", " ")}  last ${session.seen.slice(0, 16).replace("T", " ")}  from ${session.from}  by ${session.how}  ${session.agent.slice(0, 60)}`);
  }
  log.info("End them: gopher-site users sessions --end EMAIL (or --end all).");
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
