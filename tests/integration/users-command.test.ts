import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openOwnerStore } from "../../src/online/owner-store.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { runCli } from "../helpers/run-cli.ts";

describe("gopher-site users", { timeout: 60_000 }, () => {
  it("adds, lists and removes owners in owners/, ending a removed owner's sessions; refuses what is not an address", async () => {
    const dir = await copyFixture("small", { oneLanguage: true });
    const users = (...args: string[]) => runCli(["users", ...args], { cwd: dir, env: { NO_COLOR: "1" } });
    expect((await users("list")).stdout).toContain("No owners yet");
    const added = await users("add", "Ann@Example.com");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Added ann@example.com");
    expect((await users("add", "ann@example.com")).stdout).toContain("ann@example.com is already an owner.");
    const wrong = await users("add", "ann at example");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('"ann at example" is not an e-mail address; give it as name@example.com');
    expect(wrong.stderr).not.toMatch(/\n\s+at /);

    // A session, as serve --editor makes one at a sign-in.
    const store = openOwnerStore(path.join(dir, "owners"));
    const { token } = await store.newSession("ann@example.com", "link", "203.0.113.9", "Phone");
    expect((await users("list")).stdout).toMatch(/ann@example\.com {2}added \d{4}-\d\d-\d\d {2}0 passkeys, 1 session/);
    expect((await users("sessions")).stdout).toMatch(/ann@example\.com {2}since .* from 203\.0\.113\.9 {2}by link {2}Phone/);

    expect((await users("remove", "bob@example.com")).code).toBe(1);
    const removed = await users("remove", "ann@example.com");
    expect(removed.code).toBe(0);
    expect(await store.session(token)).toBeUndefined();
    expect(JSON.parse(await readFile(path.join(dir, "owners", "owners.json"), "utf8"))).toEqual({ owners: [] });
    expect((await users("sessions")).stdout).toContain("Nobody is signed in.");
  });
});
