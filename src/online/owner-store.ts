import { createHash, randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { normalEmail, readOwnerFile, writeOwnerFile, type OwnerFile } from "./owner-files.ts";

/** Who may sign in: kept in owners.json by `gopher-site users`. */
export interface Owner {
  email: string;
  added: string;
  /** `users sessions --end`: every session made before this ended (written by the CLI, read by serve). */
  signedOutAt?: string;
}

/** A signed-in browser. The cookie holds the token; only its hash is kept. */
export interface Session {
  /** SHA-256 of the cookie's token, hex: also the session's name in `users sessions`. */
  hash: string;
  email: string;
  created: string;
  /** When it was last used: the session lasts SESSION_DAYS from then. */
  seen: string;
  /** The editor page's per-session secret, sent back with every API call. */
  secret: string;
  from: string;
  agent: string;
  how: "link" | "passkey";
}

/** A sign-in link sent: its token's hash, whose it is, until when. */
interface Link {
  hash: string;
  email: string;
  expires: string;
  made: string;
}

/** A passkey, as @simplewebauthn/server gives it after a registration (the public key in base64url). */
export interface Passkey {
  id: string;
  email: string;
  publicKey: string;
  counter: number;
  transports?: string[];
  created: string;
  used?: string;
}

/** A session lasts this long after its last use (a sliding window). */
export const SESSION_DAYS = 30;
/** A sign-in link signs in once, within this long. */
export const LINK_MINUTES = 15;
/** A session's `seen` is written at most this often: a page's every request need not write a file. */
const SEEN_EVERY_MS = 60 * 60_000;
/** Links waiting at most; past it the oldest are dropped (a flood of requests for owners' links). */
const MOST_LINKS = 200;

/** A random token for a cookie or a link: 32 bytes of the system's random source, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is kept of a token: its SHA-256. A 256-bit random token needs no slow hash. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The owners folder as `serve --editor` and `gopher-site users` use it. Each file has one writer,
 * so neither process undoes the other's write: `users` writes owners.json, serve the rest. Each
 * is read again when the other process changed it: an owner removed (or removed and added again)
 * has no session, link or passkey of before from their next request on; `users sessions --end`
 * (a time in owners.json) ends the sessions made before it at once.
 */
export function openOwnerStore(folder: string) {
  const owners = kept<{ owners?: Owner[] }>(folder, "owners.json", {});
  const ownerOf = (email: string) => owners.get().owners?.find((owner) => owner.email === normalEmail(email));
  const isOwner = (email: string) => ownerOf(email) !== undefined;
  /** Made while its owner is an owner: removed and added again, an owner starts with nothing of before. */
  const ownedSince = (email: string, at: string) => {
    const owner = ownerOf(email);
    return owner !== undefined && Date.parse(owner.added) <= Date.parse(at);
  };
  const sessionFile = kept<Session[]>(folder, "sessions.json", []);
  const linkFile = kept<Link[]>(folder, "links.json", []);
  const keyFile = kept<Passkey[]>(folder, "passkeys.json", []);
  const signedOutSince = (email: string, at: string) => {
    const out = ownerOf(email)?.signedOutAt;
    return out === undefined || Date.parse(out) < Date.parse(at);
  };
  const alive = (session: Session, now: number) =>
    Date.parse(session.seen) + SESSION_DAYS * 86_400_000 > now && ownedSince(session.email, session.created) && signedOutSince(session.email, session.created);

  return {
    folder,
    isOwner,
    owners: () => owners.get().owners ?? [],

    /** A sign-in link's token for an owner, kept as its hash for LINK_MINUTES. */
    async newLink(email: string, now = Date.now()): Promise<string> {
      const token = newToken();
      const links = linkFile.get().filter((link) => Date.parse(link.expires) > now).slice(-(MOST_LINKS - 1));
      links.push({ hash: tokenHash(token), email: normalEmail(email), expires: new Date(now + LINK_MINUTES * 60_000).toISOString(), made: new Date(now).toISOString() });
      await linkFile.set(links);
      return token;
    },

    /** Whether a link's token is one waiting (not used, not expired): for the page whose button signs in. */
    linkWaiting(token: string, now = Date.now()): boolean {
      const hash = tokenHash(token);
      return linkFile.get().some((link) => link.hash === hash && Date.parse(link.expires) > now && ownedSince(link.email, link.made));
    },

    /** Uses a link: its owner's address, once; undefined for a link used, expired, unknown or of an owner removed. */
    async useLink(token: string, now = Date.now()): Promise<string | undefined> {
      const hash = tokenHash(token);
      const link = linkFile.get().find((each) => each.hash === hash);
      if (!link) return undefined;
      await linkFile.set(linkFile.get().filter((each) => each.hash !== hash));
      return Date.parse(link.expires) > now && ownedSince(link.email, link.made) ? link.email : undefined;
    },

    /** A new session: the token for the cookie, and the session kept. */
    async newSession(email: string, how: Session["how"], from: string, agent: string, now = Date.now()): Promise<{ token: string; session: Session }> {
      const token = newToken();
      const at = new Date(now).toISOString();
      const session: Session = { hash: tokenHash(token), email: normalEmail(email), created: at, seen: at, secret: newToken(), from, agent: agent.slice(0, 200), how };
      await sessionFile.set([...sessionFile.get().filter((each) => alive(each, now)), session]);
      return { token, session };
    },

    /** The live session of a cookie's token, its window moved on; undefined when there is none. */
    async session(token: string | undefined, now = Date.now()): Promise<Session | undefined> {
      if (!token) return undefined;
      const hash = tokenHash(token);
      const session = sessionFile.get().find((each) => each.hash === hash);
      if (!session || !alive(session, now)) return undefined;
      if (now - Date.parse(session.seen) > SEEN_EVERY_MS) {
        session.seen = new Date(now).toISOString();
        await sessionFile.set(sessionFile.get());
      }
      return session;
    },

    /** The live sessions, of one owner or all. */
    sessions(email?: string, now = Date.now()): Session[] {
      return sessionFile.get().filter((each) => alive(each, now) && (email === undefined || each.email === normalEmail(email)));
    },

    /** Ends sessions: one, or all of an owner's. */
    async endSessions(which: { hash: string } | { email: string }): Promise<number> {
      const before = sessionFile.get();
      const after = before.filter((each) => ("hash" in which ? each.hash !== which.hash : each.email !== normalEmail(which.email)));
      await sessionFile.set(after);
      return before.length - after.length;
    },

    /** An owner's passkeys (those of owners removed are never used). */
    passkeys(email?: string): Passkey[] {
      return keyFile.get().filter((key) => ownedSince(key.email, key.created) && (email === undefined || key.email === normalEmail(email)));
    },

    passkey(id: string): Passkey | undefined {
      return keyFile.get().find((key) => key.id === id && ownedSince(key.email, key.created));
    },

    /** Keeps a new passkey; false for one whose id another owner's passkey has (never taken over). */
    async addPasskey(key: Passkey): Promise<boolean> {
      const kept = keyFile.get().find((each) => each.id === key.id);
      if (kept && kept.email !== key.email) return false;
      await keyFile.set([...keyFile.get().filter((each) => each.id !== key.id), key]);
      return true;
    },

    /** A passkey used: its signature counter and when. */
    async usedPasskey(id: string, counter: number, now = Date.now()): Promise<void> {
      const key = keyFile.get().find((each) => each.id === id);
      if (!key) return;
      key.counter = counter;
      key.used = new Date(now).toISOString();
      await keyFile.set(keyFile.get());
    },
  };
}

export type OwnerStore = ReturnType<typeof openOwnerStore>;

/**
 * One JSON file of the folder as this process knows it: read again when another process wrote it
 * since; written whole, one write at a time, each of the latest value. Each file has one writer:
 * owners.json `gopher-site users`, the others `serve --editor`.
 */
function kept<T>(folder: string, name: OwnerFile, fallback: T) {
  const file = path.join(folder, name);
  // A file written by the other process is told by its inode (written by a rename), size and time.
  const mtimeOf = () => {
    try {
      const { ino, size, mtimeMs } = statSync(file);
      return `${ino}:${size}:${mtimeMs}`;
    } catch {
      return "none";
    }
  };
  let known = { mtime: mtimeOf(), value: readOwnerFile<T>(folder, name, fallback) };
  let writing: Promise<void> = Promise.resolve();
  // While a write of ours is under way the file is ours: what we hold is newer than what it says.
  let pending = 0;
  return {
    get(): T {
      if (pending > 0) return known.value;
      const mtime = mtimeOf();
      if (mtime !== known.mtime) known = { mtime, value: readOwnerFile<T>(folder, name, fallback) };
      return known.value;
    },
    set(value: T): Promise<void> {
      known = { ...known, value };
      pending++;
      writing = writing
        .catch(() => {})
        .then(() => writeOwnerFile(folder, name, known.value))
        .finally(() => {
          pending--;
          known = { ...known, mtime: mtimeOf() };
        });
      return writing;
    },
  };
}
