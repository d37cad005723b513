import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { readFile } from "node:fs/promises";
import { eventually } from "../helpers/lead-site.ts";
import { personForm, postLead } from "../helpers/lead-records.ts";
import { auditLines, navigate, OWNER, OWNERS, startOnlineSite, type OnlineSite } from "../helpers/online-site.ts";

let site: OnlineSite;
beforeAll(async () => {
  site = await startOnlineSite();
}, 120_000);
afterAll(async () => {
  await site?.close();
});

const form = (email: string, origin = site.url) =>
  fetch(`${site.url}/__editor/login`, { method: "POST", redirect: "manual", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: `email=${encodeURIComponent(email)}` });

/** Signs in by an e-mailed link: the session's cookie and the page's secret. */
async function signIn(owner = OWNER): Promise<{ cookie: string; secret: string }> {
  const before = site.mailbox.messages.length;
  expect((await form(owner)).status).toBe(303);
  const link = (await site.linkFor(owner, before)).replace("127.0.0.1", "localhost");
  const landed = await fetch(link, { method: "POST", redirect: "manual", headers: { origin: site.url } });
  expect(landed.status).toBe(303);
  expect(landed.headers.get("location")).toBe("/__editor/");
  const cookie = landed.headers.get("set-cookie")!.split(";")[0]!;
  const page = (await navigate(`${site.url}/__editor/`, { cookie })).text;
  return { cookie, secret: /name="editor-secret" content="([^"]+)"/.exec(page)![1]! };
}

describe("serve --editor: the outsider", () => {
  it("without a session, every editor page, file and API route answers 303 or 401, with nothing of the editor in it", async () => {
    const page = await navigate(`${site.url}/__editor/`);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe("/__editor/login");
    for (const [method, route] of [["GET", "state"], ["GET", "requests"], ["GET", "history"], ["GET", "live"], ["POST", "save"], ["POST", "publish"], ["POST", "undo"], ["POST", "upload"], ["POST", "requests/done"]] as const) {
      const answer = await fetch(`${site.url}/__editor/api/${route}`, { method, redirect: "manual", headers: { origin: site.url, "content-type": "application/json" }, body: method === "POST" ? "{}" : undefined });
      expect(answer.status, `${method} ${route}`).toBe(401);
      expect(await answer.text()).not.toMatch(/secret"|files|site\.yaml/);
    }
    for (const file of ["app.js", "app.css"]) expect((await fetch(`${site.url}/__editor/${file}`)).status, file).toBe(401);
    const login = await (await fetch(`${site.url}/__editor/login`)).text();
    expect(login).toContain("E-mail me a sign-in link");
    expect(login).not.toMatch(/editor-secret|app\.js/);
  });

  it("a stranger's address gets the same answer as an owner's, and no e-mail", async () => {
    const stranger = await form("stranger@example.net");
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe("/__editor/login?said=sent");
    const before = site.mailbox.messages.length;
    const owner = await form(OWNER);
    expect([owner.status, owner.headers.get("location")]).toEqual([303, "/__editor/login?said=sent"]);
    await site.linkFor(OWNER, before);
    expect(site.mailbox.messages.join("\n")).not.toContain("stranger@example.net");
  });

  it("a link is single-use: opening it signs no one in; its button does once; replayed or guessed, it does not", async () => {
    const before = site.mailbox.messages.length;
    await form(OWNER);
    const link = (await site.linkFor(OWNER, before)).replace("127.0.0.1", "localhost");
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("set-cookie")).toBeNull();
    expect(await opened.text()).toContain('method="post"');
    const used = await fetch(link, { method: "POST", redirect: "manual", headers: { origin: site.url } });
    expect(used.headers.get("set-cookie")).toMatch(/^gopher-site-editor=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/);
    const replayed = await fetch(link, { method: "POST", redirect: "manual", headers: { origin: site.url } });
    expect([replayed.status, replayed.headers.get("location"), replayed.headers.get("set-cookie")]).toEqual([303, "/__editor/login?said=expired", null]);
    const guessed = await fetch(`${site.url}/__editor/login/${"A".repeat(43)}`, { method: "POST", redirect: "manual", headers: { origin: site.url } });
    expect([guessed.status, guessed.headers.get("set-cookie")]).toEqual([303, null]);
    // The link is kept only as its hash.
    const { readFile } = await import("node:fs/promises");
    const token = link.split("/").at(-1)!;
    for (const file of ["links.json", "sessions.json", "audit.jsonl"]) expect(await readFile(`${site.dir}/owners/${file}`, "utf8").catch(() => "")).not.toContain(token);
    expect(site.serve.output()).not.toContain(token);
  });

  it("refuses a forged Origin, another site's Fetch-Metadata, a wrong secret, and plain HTTP through a proxy", async () => {
    const { cookie, secret } = await signIn(OWNERS[1]!);
    expect((await form(OWNER, "https://evil.example")).status).toBe(403);
    const save = (headers: Record<string, string>) => fetch(`${site.url}/__editor/api/save`, { method: "POST", headers: { cookie, "x-editor-secret": secret, origin: site.url, "content-type": "application/json", ...headers }, body: '{"changes":[]}' });
    expect((await save({ origin: "https://evil.example" })).status).toBe(403);
    expect((await save({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await save({ "x-editor-secret": "x".repeat(43) })).status).toBe(403);
    const state = (headers: Record<string, string>) => fetch(`${site.url}/__editor/api/state`, { headers: { cookie, "x-editor-secret": secret, ...headers } });
    expect((await state({})).status).toBe(200);
    // Online the answers go compressed (the phone's link is slow), as on the computer they do not.
    expect((await state({ "accept-encoding": "br" })).headers.get("content-encoding")).toBe("br");
    expect((await state({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    // Behind a proxy on this machine: plain HTTP is refused; HTTPS is answered with HSTS.
    const plain = await fetch(`${site.url}/__editor/login`, { headers: { "x-forwarded-proto": "http", "x-forwarded-for": "203.0.113.9" } });
    expect(plain.status).toBe(403);
    expect(await plain.text()).toContain("only over HTTPS");
    const secure = await fetch(`${site.url}/__editor/login`, { headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" } });
    expect(secure.status).toBe(200);
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
    // A host that is not the site's (a link e-mailed with it would send the token there).
    const other = await new Promise<number>((resolve, reject) => request(`${site.url}/__editor/login`, { headers: { host: "evil.example" } }, (answer) => resolve(answer.statusCode!)).on("error", reject).end());
    expect(other).toBe(403);
  });

  it("limits the links asked for one owner: past three a quarter of an hour, none is sent", async () => {
    const owner = "limited@example.com";
    const { runCli } = await import("../helpers/run-cli.ts");
    expect((await runCli(["users", "add", owner], { cwd: site.dir })).code).toBe(0);
    for (let i = 0; i < 5; i++) expect((await form(owner)).status).toBe(303);
    // The last ask is refused; what was sent comes before the next owner's link (mail is sent in order).
    await eventually(async () => (await auditLines(site.dir)).some((line) => line.who === owner && line.what.includes("too often")), "the refusal in the audit log");
    const before = site.mailbox.messages.length;
    await form(OWNERS[0]!);
    await site.linkFor(OWNERS[0]!, before);
    expect(site.mailbox.messages.filter((text) => text.includes(`To: ${owner}`))).toHaveLength(3);
  });

  it("limits the links asked from one address behind the proxy: past ten a quarter of an hour, none is sent", async () => {
    const https = "https://" + new URL(site.url).host;
    const ask = (email: string) =>
      fetch(`${site.url}/__editor/login`, { method: "POST", redirect: "manual", headers: { origin: https, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7", "content-type": "application/x-www-form-urlencoded" }, body: `email=${encodeURIComponent(email)}` });
    for (let i = 0; i < 10; i++) expect((await ask(`nobody${i}@example.net`)).status).toBe(303);
    expect((await ask(OWNERS[1]!)).status).toBe(303);
    await eventually(async () => (await auditLines(site.dir)).some((line) => line.who === OWNERS[1] && line.from === "203.0.113.7" && line.what.includes("too often")), "the refusal in the audit log");
  });

  it("signs out everywhere: every session of the owner ends", async () => {
    const first = await signIn(OWNERS[2]!);
    const second = await signIn(OWNERS[2]!);
    const out = await fetch(`${site.url}/__editor/account/sign-out-everywhere`, { method: "POST", headers: { cookie: second.cookie, "x-editor-secret": second.secret, origin: site.url, "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
    for (const { cookie, secret } of [first, second]) expect((await fetch(`${site.url}/__editor/api/state`, { headers: { cookie, "x-editor-secret": secret } })).status).toBe(401);
  });
});

describe("serve --editor: the owner", () => {
  it("saves and publishes: the served page changes, the version is committed, and the audit log says who", async () => {
    const { cookie, secret } = await signIn(OWNERS[3]!);
    const api = async (route: string, body?: unknown) => {
      const answer = await fetch(`${site.url}/__editor/api/${route}`, { method: body ? "POST" : "GET", headers: { cookie, "x-editor-secret": secret, origin: site.url, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      return { status: answer.status, body: (await answer.json()) as Record<string, any> };
    };
    const state = await api("state");
    expect(state.status).toBe(200);
    const saved = await api("save", { changes: [{ file: "site.yaml", version: state.body.files["site.yaml"].version, ops: [{ op: "set", path: ["phone", "display"], value: "(951) 555-0199" }, { op: "set", path: ["phone", "tel"], value: "+19515550199" }, { op: "set", path: ["email"], value: "new-office@example.com" }] }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Saved, not yet live.
    expect(await (await fetch(`${site.url}/`)).text()).not.toContain("555-0199");
    const published = await api("publish", { message: "Phone number changed" });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.lines.join("\n")).toContain("Live on this server now.");
    expect(await (await fetch(`${site.url}/`)).text()).toContain("(951) 555-0199");
    const live = await api("live");
    expect(live.body).toMatchObject({ state: "live", message: "Phone number changed" });
    // The form's e-mails go to the address published, without a restart.
    const stampSecret = (await readFile(`${site.dir}/leads/.secret`, "utf8")).trim();
    expect((await postLead(site.url, await personForm(stampSecret, "Lena Park"))).status).toBeLessThan(400);
    await eventually(() => site.mailbox.messages.some((text) => text.includes("Lena Park")), "the lead e-mailed");
    expect(site.mailbox.messages.find((text) => text.includes("Lena Park"))).toContain("To: new-office@example.com");
    const lines = await auditLines(site.dir);
    expect(lines.map((line) => [line.who, line.what])).toEqual(expect.arrayContaining([[OWNERS[3], "signed in by an e-mailed link"], [OWNERS[3], "save"], [OWNERS[3], "publish"]]));
  }, 60_000);
});
