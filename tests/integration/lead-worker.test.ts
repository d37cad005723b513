import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";
import { makeStamp, stampProblem } from "../../src/leads/stamp.ts";
import { freePort } from "../helpers/free-port.ts";
import { copyLeadSite, eventually, STAMP_PAGE, startWebhook } from "../helpers/lead-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

// The built dist/_worker.js run by Cloudflare's own local runtime (`wrangler pages dev`, workerd),
// offline, its webhook a loopback server given as the Pages project's variable.
const SECRET = "worker-test-secret";
const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");
let dir: string;
let home: string;
let url: string;
let wrangler: ChildProcess;
let output = "";
let webhook: Awaited<ReturnType<typeof startWebhook>>;

/** The runtime refuses a compatibility date newer than its own: workerd's version is its date. */
function runtimeDate(): string {
  const version = spawnSync(path.join(REPO_ROOT, "node_modules", ".bin", "workerd"), ["--version"], { encoding: "utf8" }).stdout;
  const date = /\d{4}-\d{2}-\d{2}/.exec(version)?.[0];
  if (!date) throw new Error(`workerd --version said ${JSON.stringify(version)}, not a date`);
  return date;
}

beforeAll(async () => {
  [dir, webhook] = await Promise.all([copyLeadSite("  delivery: cloudflare\n"), startWebhook()]);
  await writeFile(path.join(dir, "dist", "form-test.html"), STAMP_PAGE);
  home = await mkdtemp(path.join(tmpdir(), "gopher-wrangler-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const args = ["pages", "dev", path.join(dir, "dist"), "--ip", "127.0.0.1", "--port", String(port), "--compatibility-date", runtimeDate()];
  const bindings = ["--binding", `GOPHER_SITE_LEAD_SECRET=${SECRET}`, "--binding", `GOPHER_SITE_LEAD_WEBHOOK_URL=${webhook.url}`];
  wrangler = spawn(WRANGLER, [...args, ...bindings], {
    cwd: home,
    detached: true,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, "config"), WRANGLER_SEND_METRICS: "false", CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  wrangler.stdout!.on("data", (chunk) => (output += chunk));
  wrangler.stderr!.on("data", (chunk) => (output += chunk));
  await eventually(() => {
    if (wrangler.exitCode !== null) throw new Error(`wrangler pages dev exited:\n${output}`);
    return /Ready on/.test(output);
  }, `wrangler pages dev to start:\n${output}`, 120_000);
}, 240_000);

afterAll(async () => {
  if (wrangler?.pid && wrangler.exitCode === null) {
    const exited = new Promise((resolve) => wrangler.once("exit", resolve));
    process.kill(-wrangler.pid, "SIGTERM");
    await exited;
  }
  await webhook?.close();
  await Promise.all([removeDir(dir), removeDir(home)]);
});

async function personForm(name: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return { name, phone: "951-555-0101", town: "Menifee", service: "gopher-control", message: "", lang: "en", page: "/", thanks: "/thank-you", website: "", stamp: await makeStamp(SECRET, Date.now() - 5000), ...extra };
}

/** What `wrangler pages dev` answers itself when it reloads the worker during a post (never Cloudflare, never our worker). */
const RESTARTED = "Your worker restarted mid-request.";

/**
 * Posts as a visitor at `address` (Cloudflare names it in CF-Connecting-IP): each test its own, apart
 * in the rate limit. Each post on a connection of its own: the local runtime closes an idle kept-alive
 * connection at its own moment, and a post sent on it as it closes fails ("other side closed"), which
 * no visitor's browser would show. A post the runtime cut short by reloading the worker (its watcher,
 * on a loaded machine, can reload after "Ready") is sent again, as a visitor would; nothing else is.
 */
async function post(form: Record<string, string> | string | Uint8Array<ArrayBuffer>, address: string, json = true): Promise<Response> {
  const body = Buffer.from(typeof form === "string" || form instanceof Uint8Array ? form : new URLSearchParams(form).toString());
  for (let attempt = 1; ; attempt++) {
    const response = await postOnce(body, { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address, ...(json ? { accept: "application/json" } : {}) });
    if (response.status !== 503 || attempt === 3 || !(await response.clone().text()).startsWith(RESTARTED)) return response;
  }
}

/** One POST to /api/lead on a new connection, answered as fetch answers (redirects not followed). */
function postOnce(body: Buffer, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/api/lead`, { method: "POST", agent: false, headers: { ...headers, "content-length": String(body.length) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => {
        const status = answer.statusCode!;
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        resolve(new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A form's body as written by hand: the fields of `form` but `raw`'s, then `raw` as it is (`thanks=/%01`). */
const rawBody = (form: Record<string, string>, raw: Record<string, string>) =>
  `${new URLSearchParams(Object.entries(form).filter(([name]) => !(name in raw)))}&${Object.entries(raw).map(([name, value]) => `${name}=${value}`).join("&")}`;

/**
 * Posts a body of "a"s, 16 KB every 10 ms, until the worker answers (or 8 MB went out): its status,
 * the bytes written by then and how long the answer took. The pause lets the answer arrive before
 * the next write, which the runtime, having closed the connection, would meet with a reset.
 */
/**
 * Posts `bytes` of a body (none: the headers alone) and waits for the answer without ending the
 * request. Nothing more is sent than the worker reads: a connection closed with bytes it never read
 * is reset, and the reset can overtake its answer on a loaded machine (write ECONNRESET).
 */
function postUntilAnswered(headers: Record<string, string>, address: string, bytes: number): Promise<{ status: number; sent: number; ms: number; text: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(`${url}/api/lead`, { method: "POST", agent: false, headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address, ...headers } }, (response) => {
      answered = true;
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => {
        resolve({ status: response.statusCode!, sent, ms: Date.now() - started, text });
        request.destroy();
      });
      response.on("error", () => resolve({ status: response.statusCode!, sent, ms: Date.now() - started, text }));
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    request.flushHeaders();
    const write = () => {
      if (answered || sent >= bytes) return;
      const size = Math.min(16 * 1024, bytes - sent);
      sent += size;
      request.write(Buffer.alloc(size, "a"));
      setTimeout(write, 10);
    };
    write();
  });
}

/** The site's pages as Pages serves them (clean URLs): where an answer may send a browser back to. */
async function sitePagePaths(): Promise<string[]> {
  const files = await readdir(path.join(dir, "dist"), { recursive: true });
  return files.filter((file) => file.endsWith(".html")).map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "")}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the Cloudflare Pages worker under wrangler pages dev", () => {
  it("fills in each page's stamp, signed with the project's secret", async () => {
    const html = await (await fetch(`${url}/form-test`)).text();
    const stamp = /name="stamp" value="([^"]+)"/.exec(html)?.[1];
    expect(await stampProblem(stamp, SECRET, Date.now() + 4000)).toBeUndefined();
    // Pages' asset server still gives the pages the headers of _headers through the worker.
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-security-policy")).toContain("default-src");
  });

  it("posts a person's request to the webhook before answering, and a plain post is sent to the thank-you page", async () => {
    const response = await post(await personForm("Gil Worker"), "10.1.0.1");
    expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    expect(webhook.bodies.find((body) => body.name === "Gil Worker")).toMatchObject({ phone: "951-555-0101", town: "Menifee" });
    const plain = await post(await personForm("Hal Plain"), "10.1.0.1", false);
    expect([plain.status, plain.headers.get("location")]).toEqual([303, "/thank-you"]);
    const invalid = await post(await personForm("", { phone: "" }), "10.1.0.1");
    expect(invalid.status).toBe(422);
    expect(Object.keys(((await invalid.json()) as { errors: object }).errors).sort()).toEqual(["name", "phone"]);
  });

  it("answers a robot as a person and does not deliver it", async () => {
    for (const form of [await personForm("Robot Honeypot", { website: "x" }), await personForm("Robot Fresh", { stamp: await makeStamp(SECRET) }), await personForm("Robot Forged", { stamp: `${Date.now() - 5000}.${"cd".repeat(32)}` })]) {
      const response = await post(form, "10.1.1.1");
      expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    }
    await post(await personForm("Ida Person"), "10.1.1.2");
    await eventually(() => webhook.bodies.some((body) => body.name === "Ida Person"), "the person's request");
    expect(webhook.bodies.filter((body) => body.name!.startsWith("Robot"))).toEqual([]);
  });

  it("refuses a sixth post a minute from one address with 429", async () => {
    const form = await personForm("");
    for (let count = 1; count <= 5; count++) expect((await post(form, "10.1.3.1")).status).toBe(422);
    expect((await post(form, "10.1.3.1")).status).toBe(429);
  });

  it("does not tell the visitor it was received while the webhook fails, and logs the lead's id, not its fields", async () => {
    webhook.status = 500;
    try {
      const response = await post(await personForm("Jo Unlucky", { phone: "951-555-0177" }), "10.1.2.1");
      expect([response.status, await response.json()]).toEqual([503, { ok: false, errors: {} }]);
    } finally {
      webhook.status = 200;
    }
    await eventually(() => /lead [0-9a-f-]{36} not delivered/.test(output), "the failed lead's log line");
    expect(output).toMatch(/lead [0-9a-f-]{36}: the webhook failed \(try 3 of 3\): WebhookAnswerError: the webhook answered 500/);
    expect(output).not.toMatch(/Unlucky|951-555-0177/);
  });

  it("does not post a lead again that the webhook refused with a 4xx", async () => {
    webhook.status = 400;
    const before = output.length;
    try {
      expect((await post(await personForm("Ned Refused"), "10.1.2.2")).status).toBe(503);
    } finally {
      webhook.status = 200;
    }
    await eventually(() => /not delivered/.test(output.slice(before)), "the refused lead's log line");
    expect(output.slice(before)).toMatch(/\(try 1 of 3\): WebhookAnswerError: the webhook answered 400/);
    expect(output.slice(before)).not.toMatch(/try 2 of 3/);
  });

  it("posts each lead with its id as the Idempotency-Key", async () => {
    expect((await post(await personForm("Lou Keyed"), "10.1.5.1")).status).toBe(200);
    const index = webhook.bodies.findIndex((body) => body.name === "Lou Keyed");
    expect(webhook.bodies[index]!.id).toMatch(UUID);
    expect(webhook.headers[index]!["idempotency-key"]).toBe(webhook.bodies[index]!.id);
  });

  it("logs a robot's request by its id and reason only, never a field of it", async () => {
    const response = await post(await personForm("Zebulon Quillfeather", { website: "x", phone: "951-555-0199", town: "Wildomar", message: "call after five" }), "10.1.6.1");
    expect(response.status).toBe(200);
    await eventually(() => /a robot's request [0-9a-f-]{36}, not delivered \(honeypot\)/.test(output), "the robot's log line");
    expect(output).not.toMatch(/Zebulon|Quillfeather|951-555-0199|Wildomar|call after five/);
  });

  it("sends a browser only to the site's own pages: a post's unknown thanks or page is its language's thank-you page or home", async () => {
    // The request that stopped serve (ERR_INVALID_CHAR in Location): answered 303 to the thank-you page.
    const crash = await post(rawBody(await personForm("Kit Crash"), { thanks: "/%01" }), "10.1.7.1", false);
    expect([crash.status, crash.headers.get("location")]).toEqual([303, "/thank-you"]);
    const elsewhere = await post(await personForm("Kit Elsewhere", { thanks: "//evil.example/" }), "10.1.7.1", false);
    expect([elsewhere.status, elsewhere.headers.get("location")]).toEqual([303, "/thank-you"]);
    // An incomplete request gets its page back (422), the form refilled: which page is its canonical link.
    const back = async (page: string) => {
      const response = await post(rawBody(await personForm(""), { page }), "10.1.7.2", false);
      const html = await response.text();
      expect([response.status, response.headers.get("location"), html.includes("data-lead-refused")]).toEqual([422, null, true]);
      return new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).pathname;
    };
    expect(await back("/%E2%82%AC")).toBe("/");
    expect(await back("/no-such-page")).toBe("/");
    // Pages answers /about.html with a redirect to /about: only a page it answers 200 is known.
    expect(await back("/about.html")).toBe("/");
    expect(await back("/about")).toBe("/about");
    // A language named like an object's own property is no language: the default's words.
    const proto = await post(rawBody(await personForm(""), { lang: "__proto__", page: "/about" }), "10.1.7.3", false);
    expect(proto.status).toBe(422);
  });

  it("refuses a body past 64 KB with 413 at once: by its Content-Length, or once the stream passes the limit", async () => {
    // 50 MB said, none sent: answered from the Content-Length alone.
    // A post the local runtime cut short by reloading the worker is sent again (see post()).
    const untilAnswered = async (headers: Record<string, string>, address: string, bytes: number) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await postUntilAnswered(headers, address, bytes);
        if (answer.status !== 503 || attempt === 3 || !answer.text.startsWith(RESTARTED)) return answer;
      }
    };
    const declared = await untilAnswered({ "content-length": String(50 * 1024 * 1024) }, "10.1.8.1", 0);
    expect([declared.status, declared.text]).toEqual([413, expect.any(String)]);
    expect(declared.ms).toBeLessThan(1000);
    // No length said, 65 KB sent, the request never ended: answered once the body passed 64 KB.
    const streamed = await untilAnswered({ "transfer-encoding": "chunked" }, "10.1.8.2", 65 * 1024);
    expect(streamed.status, streamed.text).toBe(413);
    // A form of a few hundred bytes is still taken.
    expect((await post(await personForm("Max Small"), "10.1.8.3")).status).toBe(200);
  });

  it("answers any post, of random bytes or random fields, below 500 (or 503 by the webhook rule), never sending a browser off the site's pages", async () => {
    const pages = await sitePagePaths();
    const locations = new Set(["/thank-you", ...["/", ...pages].map((page) => `${page}?lead=invalid#callback-request`)]);
    const text = fc.string({ unit: "binary", maxLength: 40 });
    const place = fc.oneof(fc.constantFrom("/", "/about", "/about.html", "/thank-you", "/%01", "//evil.example", "https://evil.example/", "/\r\nset-cookie: a=b", "/€", "/../etc/passwd"), text, text.map((rest) => `/${rest}`));
    const fields = fc.record({
      name: fc.oneof(fc.constant("Fuzz Person"), text),
      phone: fc.oneof(fc.constant("951-555-0101"), text),
      town: text,
      service: text,
      message: fc.string({ unit: "binary", maxLength: 400 }),
      lang: fc.oneof(fc.constantFrom("en", "es", ""), text),
      page: place,
      thanks: place,
      website: fc.oneof(fc.constant(""), text),
    });
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }),
      fc.tuple(fields, fc.boolean()).map(([form, stamped]) => async () => new URLSearchParams({ ...form, stamp: stamped ? await makeStamp(SECRET, Date.now() - 5000) : "" }).toString()),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (made, json) => {
        run++;
        const response = await post(made instanceof Uint8Array ? new Uint8Array(made) : await made(), `10.2.${run >> 8}.${run & 255}`, json);
        await response.body?.cancel();
        expect(response.status < 500 || response.status === 503, `status ${response.status}`).toBe(true);
        const location = response.headers.get("location");
        if (location !== null) expect(locations).toContain(location);
      }),
      { numRuns: 40 },
    );
    expect((await fetch(`${url}/`)).status).toBe(200);
  }, 120_000);
});
