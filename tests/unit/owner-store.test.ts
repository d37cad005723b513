import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LINK_MINUTES, openOwnerStore, SESSION_DAYS, tokenHash } from "../../src/online/owner-store.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-owners-");
const MINUTE = 60_000;
const DAY = 86_400_000;

/** An owners folder with one owner, added a day before `now`. */
async function storeWith(email: string, now = Date.now()) {
  const folder = folders();
  await writeFile(path.join(folder, "owners.json"), JSON.stringify({ owners: [{ email, added: new Date(now - DAY).toISOString() }] }));
  return openOwnerStore(folder);
}

describe("the owners' sign-in links", () => {
  it("signs in once, within 15 minutes, and keeps only the link's hash", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const token = await store.newLink("Ann@Example.com ", now);
    const kept = await readFile(path.join(store.folder, "links.json"), "utf8");
    expect(kept).not.toContain(token);
    expect(kept).toContain(tokenHash(token));
    expect(store.linkWaiting(token, now + LINK_MINUTES * MINUTE - 1)).toBe(true);
    expect(await store.useLink(token, now + LINK_MINUTES * MINUTE - 1)).toBe("ann@example.com");
    // Used: never again.
    expect(await store.useLink(token, now + 1)).toBeUndefined();
  });

  it("refuses a link used after 15 minutes, and uses it up all the same", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const token = await store.newLink("ann@example.com", now);
    expect(store.linkWaiting(token, now + LINK_MINUTES * MINUTE)).toBe(false);
    expect(await store.useLink(token, now + LINK_MINUTES * MINUTE)).toBeUndefined();
    expect(await store.useLink(token, now)).toBeUndefined();
  });
});

describe("the owners' sessions", () => {
  it("lasts 30 days from its last use (sliding), then ends", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const { token, session } = await store.newSession("ann@example.com", "link", "203.0.113.9", "Phone", now);
    expect(await readFile(path.join(store.folder, "sessions.json"), "utf8")).not.toContain(token);
    expect(session.hash).toBe(tokenHash(token));
    // Used on day 20: it then lasts until day 50.
    expect((await store.session(token, now + 20 * DAY))?.email).toBe("ann@example.com");
    expect(await store.session(token, now + 49 * DAY)).toBeDefined();
    expect(await store.session(token, now + 49 * DAY + SESSION_DAYS * DAY)).toBeUndefined();
    expect(await store.session("x".repeat(43), now)).toBeUndefined();
  });

  it("ends a removed owner's sessions, links and passkeys, and gives none of them back when the owner is added again", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const { token } = await store.newSession("ann@example.com", "link", "203.0.113.9", "Phone", now);
    const link = await store.newLink("ann@example.com", now);
    await store.addPasskey({ id: "key-1", email: "ann@example.com", publicKey: "AAAA", counter: 0, created: new Date(now).toISOString() });
    expect(store.passkey("key-1")).toBeDefined();
    // `gopher-site users remove`, then `users add` again: another process writes owners.json.
    await writeFile(path.join(store.folder, "owners.json"), JSON.stringify({ owners: [] }));
    expect(await store.session(token, now)).toBeUndefined();
    expect(store.passkey("key-1")).toBeUndefined();
    await writeFile(path.join(store.folder, "owners.json"), JSON.stringify({ owners: [{ email: "ann@example.com", added: new Date(now + MINUTE).toISOString() }] }));
    expect(await store.session(token, now + 2 * MINUTE)).toBeUndefined();
    expect(store.passkey("key-1")).toBeUndefined();
    expect(await store.useLink(link, now + 2 * MINUTE)).toBeUndefined();
  });

  it("ends the sessions made before `users sessions --end` (owners.json, which that process alone writes), even one serve makes at that moment", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const { token: stolen } = await store.newSession("ann@example.com", "link", "203.0.113.9", "Thief", now - 1000);
    // `users sessions --end ann@example.com` in its own process, while serve signs the owner in on their phone.
    const owners = JSON.parse(await readFile(path.join(store.folder, "owners.json"), "utf8"));
    owners.owners[0].signedOutAt = new Date(now).toISOString();
    const [, phone] = await Promise.all([writeFile(path.join(store.folder, "owners.json"), JSON.stringify(owners)), store.newSession("ann@example.com", "link", "198.51.100.1", "Phone", now + 1)]);
    expect(await store.session(stolen, now + 2)).toBeUndefined();
    expect(await openOwnerStore(store.folder).session(stolen, now + 2)).toBeUndefined();
    expect(await store.session(phone.token, now + 2)).toBeDefined();
  });

  it("never lets one owner's passkey take the place of another's", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const owners = JSON.parse(await readFile(path.join(store.folder, "owners.json"), "utf8"));
    owners.owners.push({ email: "bob@example.com", added: owners.owners[0].added });
    await writeFile(path.join(store.folder, "owners.json"), JSON.stringify(owners));
    expect(await store.addPasskey({ id: "key-1", email: "ann@example.com", publicKey: "AAAA", counter: 0, created: new Date(now).toISOString() })).toBe(true);
    expect(await store.addPasskey({ id: "key-1", email: "bob@example.com", publicKey: "BBBB", counter: 0, created: new Date(now).toISOString() })).toBe(false);
    expect(store.passkey("key-1")?.email).toBe("ann@example.com");
  });

  it("ends one session, or all of an owner's", async () => {
    const now = Date.now();
    const store = await storeWith("ann@example.com", now);
    const first = await store.newSession("ann@example.com", "link", "a", "A", now);
    const second = await store.newSession("ann@example.com", "passkey", "b", "B", now);
    expect(await store.endSessions({ hash: first.session.hash })).toBe(1);
    expect(await store.session(first.token, now)).toBeUndefined();
    expect(await store.session(second.token, now)).toBeDefined();
    // "Sign out everywhere".
    expect(await store.endSessions({ email: "ann@example.com" })).toBe(1);
    expect(await store.session(second.token, now)).toBeUndefined();
  });
});

describe("the owners' files", () => {
  it("are readable by their owner only", async () => {
    const { stat } = await import("node:fs/promises");
    const store = await storeWith("ann@example.com");
    await store.newSession("ann@example.com", "link", "a", "A");
    expect((await stat(path.join(store.folder, "sessions.json"))).mode & 0o777).toBe(0o600);
  });

  it("never show a sign-in link's token in the server's log", async () => {
    const { loggedPath } = await import("../../src/leads/lead-server.ts");
    const { hideSignInToken } = await import("../../src/online/sign-in-routes.ts");
    expect(loggedPath(`/__editor/login/${"A".repeat(43)}?x=1`, hideSignInToken)).toBe("/__editor/login/…");
    expect(loggedPath("/about?secret=1")).toBe("/about");
  });
});

describe("the audit log", () => {
  it("moves a log grown past 10 MB aside, so it stays bounded whatever is asked", async () => {
    const { audit, AUDIT_BYTES } = await import("../../src/online/owner-files.ts");
    const folder = folders();
    await writeFile(path.join(folder, "audit.jsonl"), "x".repeat(AUDIT_BYTES + 1));
    await audit(folder, { who: "ann@example.com", from: "203.0.113.9", what: "save" });
    expect((await readFile(path.join(folder, "audit.older.jsonl"))).length).toBe(AUDIT_BYTES + 1);
    const lines = (await readFile(path.join(folder, "audit.jsonl"), "utf8")).trim().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ at: expect.any(String), who: "ann@example.com", from: "203.0.113.9", what: "save" }]);
  });
});
