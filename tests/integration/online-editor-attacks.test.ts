import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/lead-site.ts";
import { auditLines, navigate, startOnlineSite, type OnlineSite } from "../helpers/online-site.ts";
import { runCli } from "../helpers/run-cli.ts";

// Attacks on `serve --editor` by a stranger, each sent for real to a serve process (a review of the
// online editor found them; each failed before its fix).

let site: OnlineSite;
let port: number;
/** The fixture's own name (site.yaml's siteUrl): what a proxy in front sends as Host. */
const SITE_HOST = "www.gopherguard.example.com";

beforeAll(async () => {
  // A body trickling in is given a second, not 10 s.
  site = await startOnlineSite({ env: { GOPHER_SITE_TEST_BODY_DEADLINE_MS: "1000" } });
  port = Number(new URL(site.url).port);
}, 120_000);
afterAll(async () => {
  await site?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with any Host (fetch will not send one of our choosing), from 127.0.0.1 like a proxy on this machine. */
function raw(method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, method, path: pathname, headers: { ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}), ...headers } }, (answer) => {
      let text = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (text += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode!, headers: answer.headers, body: text }));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

async function addOwner(email: string): Promise<void> {
  expect((await runCli(["users", "add", email], { cwd: site.dir })).code).toBe(0);
}

/** The mails sent to `email` (quoted-printable soft breaks joined). */
const mailsTo = (email: string) => site.mailbox.messages.filter((text) => text.includes(`To: ${email}`)).map((text) => text.replace(/=\r?\n/g, ""));

/** Asks for `email`'s link through the proxy on this machine (HTTPS), as a visitor at `from`. */
const askViaProxy = (email: string, from: string, host = `localhost:${port}`) =>
  raw("POST", "/__editor/login", { host, origin: `https://${host}`, "x-forwarded-proto": "https", "x-real-ip": from, "content-type": "application/x-www-form-urlencoded" }, `email=${encodeURIComponent(email)}`);

describe("a stranger against serve --editor", () => {
  it("cannot keep an owner from being e-mailed a link (4 asks per quarter hour from one address lock the owner out)", async () => {
    const owner = "lockout@example.com";
    await addOwner(owner);
    // The attacker knows the owner's address (often the site's own contact address) and asks
    // for it four times a quarter hour from one address: under that address's limit of ten.
    for (let i = 0; i < 4; i++) expect((await askViaProxy(owner, "203.0.113.66")).status).toBe(303);
    // The owner, from their own phone, asks for a link.
    expect((await askViaProxy(owner, "198.51.100.20")).status).toBe(303);
    await eventually(async () => (await auditLines(site.dir)).some((line) => line.who === owner && line.from === "198.51.100.20"), "the owner's ask in the audit log");
    const owners = (await auditLines(site.dir)).filter((line) => line.who === owner && line.from === "198.51.100.20").map((line) => line.what);
    // Today: ["asked for a link too often: none sent"], and so for as long as the attacker keeps asking.
    expect(owners).toEqual(["was e-mailed a sign-in link"]);
  });

  it("behind a proxy on this machine that adds no X-Forwarded-* header, the internet is not 'loopback': plain HTTP is refused", async () => {
    // e.g. nginx `proxy_pass http://127.0.0.1:PORT; proxy_set_header Host $host;` on port 80, an
    // ssh -R tunnel, socat, HAProxy in TCP mode: serve sees 127.0.0.1 and no forwarding header.
    const page = await raw("GET", "/__editor/login", { host: SITE_HOST });
    // Today: 200 over plain HTTP, no HSTS; the session cookie would not be Secure.
    expect(page.status).toBe(403);
  });

  it("... and sends no link from such a request: a link would cross the internet in plain text", async () => {
    const owner = "plainlink@example.com";
    await addOwner(owner);
    const asked = await raw("POST", "/__editor/login", { host: SITE_HOST, origin: `http://${SITE_HOST}`, "content-type": "application/x-www-form-urlencoded" }, `email=${encodeURIComponent(owner)}`);
    expect(asked.status).toBe(403);
    // The next owner's link marks the end of the mail sent meanwhile.
    const before = site.mailbox.messages.length;
    await fetch(`${site.url}/__editor/login`, { method: "POST", redirect: "manual", headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" }, body: "email=owner%40example.com" });
    await site.linkFor("owner@example.com", before);
    expect(mailsTo(owner)).toEqual([]);
  });

  it("limits a visitor's tries per address behind the proxy: past 30 a quarter hour, 429", async () => {
    const https = { host: `localhost:${port}`, origin: `https://localhost:${port}`, "x-forwarded-proto": "https", "x-real-ip": "203.0.113.88", "content-type": "application/json" };
    const tries: number[] = [];
    for (let i = 0; i < 35; i++) tries.push((await raw("POST", "/__editor/login/passkey", https, "{}")).status);
    expect(tries.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(tries.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  it("leaves nothing in the audit log: a flood of a stranger's tries must not fill it (it is rotated at 10 MB, the owner's history with it)", async () => {
    const from = "203.0.113.77";
    const https = { host: `localhost:${port}`, origin: `https://localhost:${port}`, "x-forwarded-proto": "https", "x-real-ip": from };
    for (let i = 0; i < 20; i++) await raw("POST", "/__editor/login/passkey", { ...https, "content-type": "application/json" }, "{}");
    for (let i = 0; i < 5; i++) await raw("POST", `/__editor/login/${String(i).padStart(43, "A")}`, https, "");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const strangers = (await auditLines(site.dir)).filter((line) => line.from === from);
    // Today: 25 lines (who "?"): 30 a quarter hour per address, unlimited per /48 of IPv6 /64s or per botnet.
    expect(strangers).toEqual([]);
  });

  it("an outsider's request for the editor's files is answered by the gate before anything is looked up (validators included)", async () => {
    const unknown = await fetch(`${site.url}/__editor/validators/${"0".repeat(32)}.js`);
    // Today: 404 (a disk lookup in node_modules/.cache/editor-validators before the gate; 401 only for a module that exists).
    expect(unknown.status).toBe(401);
  });

  it("the e-mailed link names the site's own address, never a port of the requester's choosing", async () => {
    const owner = "hostport@example.com";
    await addOwner(owner);
    const host = `${SITE_HOST}:8443`;
    expect((await askViaProxy(owner, "198.51.100.30", host)).status).toBe(303);
    await eventually(() => mailsTo(owner).length > 0, "the link e-mailed");
    const link = /(https?:\/\/\S+\/__editor\/login\/[A-Za-z0-9_-]{43})/.exec(mailsTo(owner)[0]!)![1]!;
    // Today: https://www.gopherguard.example.com:8443/__editor/login/<token>: the token goes to whatever listens there.
    expect(link.startsWith(`https://${SITE_HOST}/__editor/login/`)).toBe(true);
  });
});

describe("a stranger's malformed requests to the sign-in", () => {
  it("sends no mail to an address smuggled in with a control character, and answers a token with one 404", async () => {
    const owner = "smuggle@example.com";
    await addOwner(owner);
    for (const email of [`${owner}\r\nBcc: thief@example.net`, `${owner}\u0000`, `${owner}, thief@example.net`]) {
      expect((await askViaProxy(email, "198.51.100.40")).status).toBe(303);
    }
    for (const token of ["%00".padEnd(43, "A"), "%0D%0ASet-Cookie:%20x=1", "A".repeat(42) + "%0A"]) {
      const answer = await raw("POST", `/__editor/login/${token}`, { host: `localhost:${port}`, origin: `http://localhost:${port}` }, "");
      expect(answer.status, token).toBe(404);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    // The next owner's link marks the end of what was sent meanwhile: nothing to the smuggled addresses.
    const before = site.mailbox.messages.length;
    await fetch(`${site.url}/__editor/login`, { method: "POST", redirect: "manual", headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" }, body: "email=owner%40example.com" });
    await site.linkFor("owner@example.com", before);
    expect(site.mailbox.messages.join("\n")).not.toContain("thief@example.net");
    expect(mailsTo(owner)).toEqual([]);
  });

  it("refuses a body over its limit (413) and one trickling in (408), and stays up", async () => {
    const https = { host: `localhost:${port}`, origin: `https://localhost:${port}`, "x-forwarded-proto": "https", "x-real-ip": "198.51.100.50" };
    // A megabyte announced, 16 KB sent: answered without the rest being read.
    const partly = (pathname: string, type: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = request({ host: "127.0.0.1", port, method: "POST", path: pathname, headers: { ...https, "content-type": type, "content-length": String(1024 * 1024) } }, (answer) => {
          answer.resume();
          resolve(answer.statusCode!);
        });
        sent.on("error", reject);
        sent.write("a".repeat(16 * 1024));
      });
    expect(await partly("/__editor/login", "application/x-www-form-urlencoded")).toBe(413);
    expect(await partly("/__editor/login/passkey", "application/json")).toBe(413);
    // Two bytes of a promised hundred, then nothing: answered once the deadline passes, not held open.
    const slow = await new Promise<number>((resolve, reject) => {
      const sent = request({ host: "127.0.0.1", port, method: "POST", path: "/__editor/login/passkey", headers: { ...https, "content-type": "application/json", "content-length": "100" } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode!);
      });
      sent.on("error", reject);
      sent.write("{}");
    });
    expect(slow).toBe(408);
    expect((await fetch(`${site.url}/__editor/login`)).status).toBe(200);
  });
});

describe("a signed-in owner's audit log", () => {
  it("records a save refused as not a save (the status is read before a compressed answer is written)", async () => {
    const owner = "audited@example.com";
    await addOwner(owner);
    const before = site.mailbox.messages.length;
    await fetch(`${site.url}/__editor/login`, { method: "POST", redirect: "manual", headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" }, body: `email=${encodeURIComponent(owner)}` });
    const link = (await site.linkFor(owner, before)).replace("127.0.0.1", "localhost");
    const landed = await fetch(link, { method: "POST", redirect: "manual", headers: { origin: site.url } });
    const cookie = landed.headers.get("set-cookie")!.split(";")[0]!;
    const page = (await navigate(`${site.url}/__editor/`, { cookie })).text;
    const secret = /name="editor-secret" content="([^"]+)"/.exec(page)![1]!;
    // A save the server refuses (400), whose answer is over 1 KB: compressed off the event loop.
    const refused = await fetch(`${site.url}/__editor/api/save`, {
      method: "POST",
      headers: { cookie, "x-editor-secret": secret, origin: site.url, "content-type": "application/json", "accept-encoding": "gzip" },
      body: JSON.stringify({ changes: Array.from({ length: 12 }, () => ({ version: "x".repeat(40) })) }),
    });
    expect(refused.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Today: ["save"]: the audit log says the owner saved; nothing was.
    expect((await auditLines(site.dir)).filter((line) => line.who === owner && line.what === "save")).toEqual([]);
  });

  it("is not handed, with its secret, to a script of the site's own pages (a tag manager's, a widget's: same origin as /__editor/)", async () => {
    const owner = "sameorigin@example.com";
    await addOwner(owner);
    const before = site.mailbox.messages.length;
    await fetch(`${site.url}/__editor/login`, { method: "POST", redirect: "manual", headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" }, body: `email=${encodeURIComponent(owner)}` });
    const link = (await site.linkFor(owner, before)).replace("127.0.0.1", "localhost");
    const cookie = (await fetch(link, { method: "POST", redirect: "manual", headers: { origin: site.url } })).headers.get("set-cookie")!.split(";")[0]!;
    // What the browser sends for `fetch("/__editor/")` from a script on https://site/ (SameSite=Strict lets the cookie go: same site).
    const scripted = await fetch(`${site.url}/__editor/`, { headers: { cookie, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } });
    expect(scripted.status).toBe(403);
    expect(await scripted.text()).not.toMatch(/name="editor-secret"/);
    // Opened in a window of its own by such a script (window.open): another browsing context group, no handle on it.
    const navigated = await navigate(`${site.url}/__editor/`, { cookie, "sec-fetch-site": "same-origin" });
    expect(navigated.status).toBe(200);
    expect(navigated.headers["cross-origin-opener-policy"]).toBe("noopener-allow-popups");
    expect(navigated.headers["x-frame-options"]).toBe("DENY");
  });
});
