import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStamp, stampProblem } from "../../src/leads/stamp.ts";
import { deliveredBy, leadNamed, leadRecords, personForm as leadPersonForm, postLead as post } from "../helpers/lead-records.ts";
import { copyLeadSite, eventually, STAMP_PAGE, startMailbox, startServe, startWebhook, type ServeProcess } from "../helpers/lead-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";

// The own-form fixture (English only) taking its own quote form, served by `gopher-site serve` as a
// process of its own: each post kept in leads/ before the answer, then e-mailed to a real SMTP
// server and posted to a loopback webhook.
const SECRET = "test-secret-of-the-stamp";
const COMPANY = "office@gopherguard.example.com";
let dir: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
let serve: ServeProcess;

beforeAll(async () => {
  dir = await copyLeadSite("  delivery: server\n");
  await writeFile(path.join(dir, "dist", "form-test.html"), STAMP_PAGE);
  // The mail server takes only the login of GOPHER_SITE_SMTP_URL.
  [mailbox, webhook] = await Promise.all([startMailbox(0, { user: "leads@example.com", pass: "p@ss word" }), startWebhook()]);
  serve = await startServe(dir, { GOPHER_SITE_LEAD_SECRET: SECRET, GOPHER_SITE_SMTP_URL: `smtp://leads%40example.com:p%40ss%20word@127.0.0.1:${mailbox.port}`, GOPHER_SITE_LEAD_WEBHOOK_URL: webhook.url });
}, 180_000);

afterAll(async () => {
  await serve?.stop();
  await Promise.all([mailbox?.close(), webhook?.close()]);
  await removeDir(dir);
});

const personForm = (name: string, extra?: Record<string, string>) => leadPersonForm(SECRET, name, extra);

describe("gopher-site serve takes the quote form", () => {
  it("keeps a person's request in leads/ before answering, then e-mails it to the company and posts it to the webhook", async () => {
    const response = await post(serve.url, await personForm("Ana Reyes"), { json: true, address: "10.0.1.1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    // Read as soon as the answer came: the lead was on disk by then.
    const lead = await leadNamed(dir, "Ana Reyes");
    expect(lead).toMatchObject({ fields: { name: "Ana Reyes", phone: "(951) 555-0100", town: "Temecula", service: "gopher-control", page: "/gopher-control" }, deliver: ["email", "webhook"] });
    expect(lead!.spam).toBeUndefined();
    await eventually(async () => (await deliveredBy(dir, lead!.id)).length === 2, "the lead's two deliveries");
    const mail = mailbox.messages.find((message) => message.includes("Ana Reyes"))!;
    expect(mail).toMatch(new RegExp(`^To: ${COMPANY}`, "m"));
    expect(mail).toContain("Phone: (951) 555-0100");
    expect(mail).toContain(`Message-ID: <${lead!.id}@gopher-site>`);
    expect(webhook.bodies.find((body) => body.name === "Ana Reyes")).toMatchObject({ id: lead!.id, phone: "(951) 555-0100", service: "gopher-control" });
  });

  it("answers a plain form post with 303 to the thank-you page, and an incomplete one with its page, refilled", async () => {
    const received = await post(serve.url, await personForm("Bo Plain"), { address: "10.0.2.1" });
    expect([received.status, received.headers.get("location")]).toEqual([303, "/thank-you"]);
    // An incomplete one gets its page back, the form holding what was typed and each error beside its field.
    const invalid = await post(serve.url, await personForm("", { phone: "12", page: "/residential-gopher-control", message: "Mounds <everywhere>" }), { address: "10.0.2.1" });
    expect([invalid.status, invalid.headers.get("content-type"), invalid.headers.get("content-security-policy")]).toEqual([422, "text/html; charset=utf-8", expect.stringContaining("script-src")]);
    const page = await invalid.text();
    expect(page).toContain("<h1");
    expect(page).toContain('<link rel="canonical" href="https://www.gopherguard.example.com/residential-gopher-control"');
    expect(page).toMatch(/name="phone" value="12" aria-invalid="true"/);
    expect(page).toContain(">Mounds &lt;everywhere&gt;</textarea>");
    expect(page).toMatch(/data-field-error="name">[^<]+<\/p>/);
    expect(page).toContain("data-lead-refused");
    // A page the site does not have is not one to send anyone back to: the language's home instead.
    const unknown = await post(serve.url, await personForm("", { phone: "12", page: "/no-such-page" }), { address: "10.0.2.1" });
    expect((await unknown.text()).match(/<link rel="canonical" href="([^"]+)"/)?.[1]).toBe("https://www.gopherguard.example.com/");
    // A thank-you address of another site is never followed.
    const elsewhere = await post(serve.url, await personForm("Cy Elsewhere", { thanks: "//evil.example/phish" }), { address: "10.0.2.1" });
    expect([elsewhere.status, elsewhere.headers.get("location")]).toEqual([303, "/thank-you"]);
  });

  it("answers JSON with each field's error in the page's words, and keeps nothing of it", async () => {
    const response = await post(serve.url, await personForm("", { phone: "call me" }), { json: true, address: "10.0.3.1" });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { ok: boolean; errors: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(Object.keys(body.errors).sort()).toEqual(["name", "phone"]);
    expect(body.errors.name).not.toBe(body.errors.phone);
    expect((await leadRecords(dir)).some((record) => record.type === "lead" && record.fields.phone === "call me")).toBe(false);
  });

  it("answers a robot as a person, keeps its post marked and never delivers it", async () => {
    const before = mailbox.messages.length;
    const robots: Array<[string, Record<string, string>]> = [
      ["honeypot", await personForm("Robot Honeypot", { website: "https://spam.example" })],
      ["stamp too fresh", await personForm("Robot Fresh", { stamp: await makeStamp(SECRET) })],
      ["stamp invalid", await personForm("Robot Forged", { stamp: `${Date.now() - 5000}.${"ab".repeat(32)}` })],
      ["stamp missing", await personForm("Robot Stampless", { stamp: "" })],
      ["stamp expired", await personForm("Robot Late", { stamp: await makeStamp(SECRET, Date.now() - 25 * 3600_000) })],
    ];
    for (const [, form] of robots) {
      const response = await post(serve.url, form, { json: true, address: "10.0.4.1" });
      expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    }
    for (const [reason, form] of robots) expect(await leadNamed(dir, form.name!)).toMatchObject({ spam: reason, deliver: [] });
    // A person's post after them is delivered: had the robots' been, they would have gone first.
    await post(serve.url, await personForm("Dee Person"), { json: true, address: "10.0.4.2" });
    const person = await leadNamed(dir, "Dee Person");
    await eventually(async () => (await deliveredBy(dir, person!.id)).length === 2, "the person's deliveries");
    const sent = mailbox.messages.slice(before);
    expect(sent.filter((message) => message.includes("Robot"))).toEqual([]);
    expect(webhook.bodies.filter((body) => body.name!.startsWith("Robot"))).toEqual([]);
  });

  it("refuses a sixth post a minute from one address with 429", async () => {
    const form = await personForm("", {});
    for (let count = 1; count <= 5; count++) expect((await post(serve.url, form, { json: true, address: "10.0.5.1" })).status).toBe(422);
    const limited = await post(serve.url, form, { json: true, address: "10.0.5.1" });
    expect([limited.status, await limited.json()]).toEqual([429, { ok: false, errors: {} }]);
    expect((await post(serve.url, form, { json: true, address: "10.0.5.2" })).status).toBe(422);
  });

  it("fills in each page's stamp when it sends it, signed with the secret", async () => {
    const html = await (await fetch(`${serve.url}/form-test`)).text();
    const stamp = /name="stamp" value="([^"]+)"/.exec(html)?.[1];
    expect(stamp).toMatch(/^\d+\.[0-9a-f]{12}\.[0-9a-f]{64}$/);
    expect(await stampProblem(stamp, SECRET, Date.now() + 4000)).toBeUndefined();
    // The site's pages and their headers are served as preview serves them.
    const home = await fetch(`${serve.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-security-policy")).toBeTruthy();
    expect((await fetch(`${serve.url}/api/lead`)).status).toBe(405);
  });
});

describe("gopher-site serve's start", () => {
  it("lists every setting it is missing at once, one line each, and exits 1", async () => {
    const project = await copyLeadSite("  delivery: server\n  turnstile: { siteKey: 0x4AAAAAAAtest }\n", { build: false });
    try {
      const result = await runCli(["serve", "--port", "0"], { cwd: project, env: { GOPHER_SITE_SMTP_URL: "", GOPHER_SITE_TURNSTILE_SECRET: "" } });
      expect(result.code).toBe(1);
      expect(result.stderr.split("\n").filter(Boolean)).toEqual([
        "GOPHER_SITE_SMTP_URL is not set: set it to smtp://user:password@host:port to e-mail the leads, or set leads.email: false in site.yaml",
        "GOPHER_SITE_TURNSTILE_SECRET is not set: set it to the Turnstile secret key of leads.turnstile.siteKey",
        `${path.join(project, "dist")} has no built site (no index.html); run \`gopher-site build\` first`,
      ]);
    } finally {
      await removeDir(project);
    }
  });
});
