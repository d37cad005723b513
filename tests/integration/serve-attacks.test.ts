import { request } from "node:http";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStamp } from "../../src/leads/stamp.ts";
import { deliveredBy, leadNamed, leadRecords, personForm as leadPersonForm, postLead as post } from "../helpers/lead-records.ts";
import { copyLeadSite, eventually, startMailbox, startServe, type ServeProcess } from "../helpers/lead-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";

// `gopher-site serve` on the open internet: each attack of issue 32 sent for real to a serve
// process, which must answer it, stay up, and keep or refuse exactly what it should.
const SECRET = "test-secret-of-the-stamp";
let dir: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let serve: ServeProcess;
const personForm = (name: string, extra?: Record<string, string>) => leadPersonForm(SECRET, name, extra);

beforeAll(async () => {
  dir = await copyLeadSite("  delivery: server\n");
  mailbox = await startMailbox();
  serve = await startServe(dir, { GOPHER_SITE_LEAD_SECRET: SECRET, GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, GOPHER_SITE_TEST_BODY_DEADLINE_MS: "1000" });
}, 180_000);

afterAll(async () => {
  await serve?.stop();
  await mailbox?.close();
  if (dir) await removeDir(dir);
});

/** A post written byte for byte as given, over a socket of its own; resolves with the status (0: no answer) and Location. */
function rawPost(body: Buffer | string, headers: Record<string, string | number> = {}, options: { trickleMs?: number; declared?: number } = {}): Promise<{ status: number; location?: string; ms: number }> {
  const { hostname, port } = new URL(serve.url);
  const started = Date.now();
  return new Promise((resolve) => {
    const data = Buffer.from(body);
    const req = request({ hostname, port, path: "/api/lead", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-real-ip": "10.9.0.1", ...headers, ...(options.declared === undefined ? { "content-length": data.length } : { "content-length": options.declared }) } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, location: response.headers.location, ms: Date.now() - started });
    });
    req.on("error", () => resolve({ status: 0, ms: Date.now() - started }));
    if (options.trickleMs) {
      let at = 0;
      const timer = setInterval(() => {
        if (req.destroyed || at >= data.length) return clearInterval(timer);
        req.write(data.subarray(at, ++at));
      }, options.trickleMs);
      req.on("close", () => clearInterval(timer));
    } else if (options.declared !== undefined) {
      // A big body, sent as fast as the server reads it: it must stop reading at once.
      const chunk = Buffer.alloc(1024 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < options.declared! && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    } else req.end(data);
  });
}

const stillServing = async () => expect((await fetch(`${serve.url}/`)).status).toBe(200);

describe("no request ends serve", () => {
  it("answers the crash requests with the site's own pages and stays up", async () => {
    const thanks = await rawPost(`name=A&phone=9515550155&stamp=${encodeURIComponent((await personForm("A")).stamp!)}&thanks=/%01`);
    expect([thanks.status, thanks.location]).toEqual([303, "/thank-you"]);
    // Sent back to the language's home (a page it has), its form refilled.
    const euro = await rawPost("name=&phone=9515550155&page=/%E2%82%AC", { "x-real-ip": "10.9.0.2" });
    expect([euro.status, euro.location]).toEqual([422, undefined]);
    const header = await rawPost("name=&phone=1&page=/a%0d%0aSet-Cookie:%20x=1", { "x-real-ip": "10.9.0.3" });
    expect([header.status, header.location]).toEqual([422, undefined]);
    const json = await rawPost("name=&phone=1&page=/%E2%82%AC", { "x-real-ip": "10.9.0.4", accept: "application/json" });
    expect(json.status).toBe(422);
    await stillServing();
  });

  it("answers random bytes and random field values, every one, and never sends a visitor off the site", async () => {
    let count = 0;
    const field = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom("/", "//evil.example", "/%01", "/thank-you", "\r\nBcc: x@evil.example", "/../../etc/passwd"));
    const form = fc.record({ name: field, phone: fc.oneof(field, fc.constant("951 555 0155")), thanks: field, page: field, lang: field, message: field, town: field, service: field, stamp: field });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)), form.map((values) => new URLSearchParams(values).toString())), async (body) => {
        const answer = await rawPost(body, { "x-real-ip": `10.8.${Math.floor(count / 250)}.${count++ % 250}` });
        const said = `${JSON.stringify(answer)} for ${JSON.stringify(String(body).slice(0, 300))}`;
        expect(answer.status, said).toBeGreaterThanOrEqual(200);
        expect(answer.status, said).toBeLessThan(500);
        if (answer.location) expect(answer.location).toMatch(/^\/(?!\/)[A-Za-z0-9\-._~/]*(\?lead=invalid#callback-request)?$/);
      }),
      { numRuns: 150 },
    );
    await stillServing();
  });
});

describe("serve bounds the work a request can make", () => {
  it("refuses a 50 MB body within a second, without reading it", async () => {
    const answer = await rawPost("", {}, { declared: 50 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(1_000);
    await stillServing();
  });

  it("refuses a body that grows past 64 KB without saying its length", async () => {
    const { hostname, port } = new URL(serve.url);
    const status = await new Promise<number>((resolve) => {
      const req = request({ hostname, port, path: "/api/lead", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" } }, (response) => resolve(response.statusCode!));
      req.on("error", () => resolve(0));
      const chunk = Buffer.alloc(16 * 1024, "a");
      for (let index = 0; index < 64; index++) req.write(chunk);
    });
    expect(status).toBe(413);
    await stillServing();
  });

  it("lets go of a body trickled in a byte at a time", async () => {
    const answer = await rawPost("name=Slow&phone=9515550155", { "x-real-ip": "10.9.1.1" }, { trickleMs: 400 });
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeLessThan(5_000);
  });
});

describe("floods", () => {
  it("counts an IPv6 visitor by its /64, so changing the rest of the address gets nothing", async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 6; index++) statuses.push((await post(serve.url, await personForm(`Flood ${index}`), { json: true, address: `2001:db8:aa:bb::${index.toString(16)}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await post(serve.url, await personForm("Next network"), { json: true, address: "2001:db8:aa:bc::1" })).status).toBe(200);
    // The visitor turned away is kept, held (a person after a robot's flood is not lost).
    expect(await leadNamed(dir, "Flood 6")).toMatchObject({ spam: "limit", deliver: [] });
    // Without JavaScript they get their page back, what they typed kept, told to call: the dialog's phone link.
    const plain = await post(serve.url, await personForm("Flood Plain", { page: "/about" }), { address: "2001:db8:aa:bb::99" });
    const page = await plain.text();
    expect(plain.status).toBe(429);
    expect(page).toMatch(/data-lead-alert=""[^>]*>Your request could not be sent\. Please try again, or call us\.<\/p>/);
    expect(page).toContain('value="Flood Plain"');
    expect(page).toMatch(/class="modal-call">[^<]*<a href="tel:\+19515550142">\(951\) 555-0142<\/a>/);
  });

  it("takes one request per page's stamp: a replayed stamp is held, not delivered", async () => {
    const form = await personForm("Replayed Stamp");
    expect((await post(serve.url, form, { json: true, address: "10.9.2.1" })).status).toBe(200);
    expect((await post(serve.url, { ...form, name: "Replayed Again" }, { json: true, address: "10.9.2.2" })).status).toBe(200);
    const first = await leadNamed(dir, "Replayed Stamp");
    expect(await leadNamed(dir, "Replayed Again")).toMatchObject({ spam: "stamp used", deliver: [] });
    await eventually(async () => (await deliveredBy(dir, first!.id)).length === 1, "the first post's e-mail");
    expect(mailbox.messages.filter((message) => message.includes("Replayed Again"))).toEqual([]);
  });

  it("believes X-Real-IP only from the proxies --trust-proxy names", async () => {
    // Trusting another proxy only, serve counts this machine's posts as this machine's, whatever header they carry.
    const other = await startServe(dir, { GOPHER_SITE_LEAD_SECRET: SECRET, GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` }, ["--trust-proxy", "192.0.2.10,198.51.100.0/24"]);
    try {
      const statuses: number[] = [];
      for (let index = 1; index <= 6; index++) statuses.push((await post(other.url, await personForm(`Forged Address ${index}`), { json: true, address: `203.0.113.${index}` })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await other.stop();
    }
  });
});

describe("the e-mail a lead becomes", () => {
  it("keeps each field on one line, names the service and the page's full address", async () => {
    await post(serve.url, await personForm("Forged\r\nPhone: 0000000000", { service: "residential", page: "/residential-gopher-control", message: "Hi\nPhone: 0000000000" }), { json: true, address: "10.9.3.1" });
    await eventually(() => mailbox.messages.some((message) => message.includes("Forged Phone: 0000000000")), "the e-mail");
    const mail = mailbox.messages.find((message) => message.includes("Forged Phone: 0000000000"))!.replace(/=\r?\n/g, "");
    expect(mail.split(/\r?\n/).filter((line) => line.startsWith("Phone:"))).toEqual(["Phone: (951) 555-0100"]);
    expect(mail).toContain("Name: Forged Phone: 0000000000");
    expect(mail).toContain("> Phone: 0000000000");
    expect(mail).toMatch(/Service: Residential/);
    expect(mail).toMatch(/Sent from: https:\/\/\S+\/residential-gopher-control \(en\)/);
  });
});

describe("gopher-site leads", () => {
  it("lists the requests newest first, the held ones apart, and releases one held by mistake, which serve then delivers", async () => {
    const fresh = await personForm("Quick Autofill", { stamp: await makeStamp(SECRET) });
    expect((await post(serve.url, fresh, { json: true, address: "10.9.4.1" })).status).toBe(200);
    await post(serve.url, await personForm("Listed Person"), { json: true, address: "10.9.4.2" });
    const person = await leadNamed(dir, "Listed Person");
    await eventually(async () => (await deliveredBy(dir, person!.id)).length === 1, "the person's e-mail");

    const listed = await runCli(["leads"], { cwd: dir });
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split("\n").filter(Boolean);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d  Listed Person\s+\(951\) 555-0100\s+Temecula\s+gopher-control\s+delivered \(email\)  [0-9a-f]{8}$/);
    expect(listed.stdout).not.toContain("Quick Autofill");

    const held = await runCli(["leads", "--held"], { cwd: dir });
    const line = held.stdout.split("\n").find((entry) => entry.includes("Quick Autofill"))!;
    expect(line).toContain("held: stamp too fresh");
    const id = line.trim().split(/\s+/).at(-1)!;

    // Its options after the id are its own (not the parent command's).
    const released = await runCli(["leads", "release", id, "--leads", path.join(dir, "leads")], { cwd: path.dirname(dir) });
    expect([released.code, released.stdout]).toEqual([0, expect.stringContaining(`Released ${id} (Quick Autofill, (951) 555-0100)`)]);
    await eventually(() => mailbox.messages.some((message) => message.includes("Quick Autofill")), "the released request's e-mail");
    await eventually(async () => (await runCli(["leads"], { cwd: dir })).stdout.includes("delivered (email), released"), "the listing to say it was delivered");
    const twice = await runCli(["leads", "release", id], { cwd: dir });
    expect([twice.code, twice.stderr]).toEqual([1, expect.stringContaining("was released already")]);
    expect((await runCli(["leads", "release", "ffffffff"], { cwd: dir })).stderr).toContain("no held request ffffffff");
  });
});

describe("serve's start and stop", () => {
  it("refuses a leads folder inside the served folder or public/, naming it", async () => {
    const result = await runCli(["serve", "--port", "0", "--leads", "dist/leads"], { cwd: dir, env: { GOPHER_SITE_SMTP_URL: "smtp://127.0.0.1:1" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--leads dist/leads is inside");
    expect(result.stderr).toContain("every visitor could read the requests");
    const inPublic = await runCli(["serve", "--port", "0", "--leads", "public/leads"], { cwd: dir, env: { GOPHER_SITE_SMTP_URL: "smtp://127.0.0.1:1" } });
    expect(inPublic.stderr).toContain(`--leads public/leads is inside ${path.join(".", "public")}`);
  });

  it("stops within 5 s on SIGTERM while the mail server never answers, the lead kept to send later", async () => {
    const project = await copyLeadSite("  delivery: server\n");
    // A mail server that takes the connection and never says a word.
    const silent: Server = createServer(() => {});
    const connections: unknown[] = [];
    silent.on("connection", (socket) => connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const hung = await startServe(project, { GOPHER_SITE_LEAD_SECRET: SECRET, GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      expect((await post(hung.url, await personForm("Waits For Mail"), { json: true })).status).toBe(200);
      await eventually(() => connections.length > 0, "the send to the silent mail server");
      const started = Date.now();
      await hung.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      const lead = await leadNamed(project, "Waits For Mail");
      expect(await deliveredBy(project, lead!.id)).toEqual([]);
    } finally {
      await hung.stop();
      silent.close();
      for (const socket of connections) (socket as import("node:net").Socket).destroy();
      await removeDir(project);
    }
  });
});
