import { cp, readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStamp } from "../../src/leads/stamp.ts";
import { freePort } from "../helpers/free-port.ts";
import { deliveredBy, leadNamed, personForm as leadPersonForm, postLead as post } from "../helpers/lead-records.ts";
import { copyLeadSite, eventually, startMailbox, startServe, startWebhook } from "../helpers/lead-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

// A request taken by `gopher-site serve` is delivered whatever happens after the answer: the mail
// server down, the process killed. And a robot that Turnstile refuses is kept, not delivered.
const SECRET = "test-secret-of-the-stamp";
let built: string;

beforeAll(async () => {
  built = await copyLeadSite("  delivery: server\n");
}, 180_000);

afterAll(async () => {
  await removeDir(built);
});

const personForm = (name: string, extra?: Record<string, string>) => leadPersonForm(SECRET, name, extra);

/** A project of the site of its own, with the one build copied in (a build each would double the test's time). */
async function projectWithBuild(): Promise<string> {
  const project = await copyLeadSite("  delivery: server\n", { build: false });
  await cp(path.join(built, "dist"), path.join(project, "dist"), { recursive: true });
  return project;
}

describe("a lead is never lost", () => {
  it("is delivered once the SMTP server that was down comes up", async () => {
    const project = await projectWithBuild();
    const port = await freePort();
    const server = await startServe(project, { GOPHER_SITE_LEAD_SECRET: SECRET, GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${port}` });
    let late: Awaited<ReturnType<typeof startMailbox>> | undefined;
    try {
      expect((await post(server.url, await personForm("Eve Waiting"), { json: true })).status).toBe(200);
      const lead = await leadNamed(project, "Eve Waiting");
      await eventually(() => server.output().includes(`lead ${lead!.id}: not delivered by email`), "a failed attempt");
      expect(await deliveredBy(project, lead!.id)).toEqual([]);
      late = await startMailbox(port);
      await eventually(async () => (await deliveredBy(project, lead!.id)).length === 1, "the delivery once SMTP is up");
      expect(late.messages.filter((message) => message.includes("Eve Waiting"))).toHaveLength(1);
    } finally {
      await server.stop();
      await late?.close();
      await removeDir(project);
    }
  });

  it("is in the file after serve is killed right after answering, and delivered after the restart", async () => {
    const project = await projectWithBuild();
    const port = await freePort();
    // No GOPHER_SITE_LEAD_SECRET: serve keeps its own in leads/.secret, readable by its owner only.
    const env = { GOPHER_SITE_LEAD_SECRET: "", GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${port}` };
    const first = await startServe(project, env);
    const secret = (await readFile(path.join(project, "leads", ".secret"), "utf8")).trim();
    expect((await stat(path.join(project, "leads", ".secret"))).mode & 0o777).toBe(0o600);
    const form = { ...(await personForm("Fay Killed")), stamp: await makeStamp(secret, Date.now() - 5000) };
    const response = await post(first.url, form, { json: true });
    first.process.kill("SIGKILL");
    expect(response.status).toBe(200);
    await first.stop();
    const lead = await leadNamed(project, "Fay Killed");
    expect(lead).toMatchObject({ deliver: ["email"] });
    expect(lead!.spam).toBeUndefined();
    expect(await deliveredBy(project, lead!.id)).toEqual([]);
    const up = await startMailbox(port);
    const second = await startServe(project, env);
    try {
      await eventually(async () => (await deliveredBy(project, lead!.id)).length === 1, "the delivery after the restart");
      expect(up.messages.some((message) => message.includes("Fay Killed"))).toBe(true);
    } finally {
      await second.stop();
      await up.close();
      await removeDir(project);
    }
  });
});

describe("Turnstile, when site.yaml sets it", () => {
  it("delivers a request whose token the verify endpoint accepts with our secret, and keeps another marked", async () => {
    const project = await projectWithBuild();
    await writeFile(path.join(project, "site.yaml"), `${await readFile(path.join(project, "site.yaml"), "utf8")}  email: false\n  turnstile: { siteKey: 0x4AAAAAAAtest }\n`);
    // A loopback stand-in of Cloudflare's verify endpoint: it passes one token, asked with the right secret.
    const verify = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      request.on("end", () => {
        const form = new URLSearchParams(text);
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: form.get("secret") === "turnstile-secret" && form.get("response") === "person-token" }));
      });
    });
    await new Promise<void>((resolve) => verify.listen(0, "127.0.0.1", resolve));
    const hook = await startWebhook();
    const server = await startServe(project, {
      GOPHER_SITE_LEAD_SECRET: SECRET,
      GOPHER_SITE_LEAD_WEBHOOK_URL: hook.url,
      GOPHER_SITE_TURNSTILE_SECRET: "turnstile-secret",
      GOPHER_SITE_TURNSTILE_VERIFY_URL: `http://127.0.0.1:${(verify.address() as AddressInfo).port}/siteverify`,
    });
    try {
      for (const [name, token] of [["Lou Token", "robot-token"], ["Max Token", "person-token"]]) {
        const response = await post(server.url, await personForm(name!, { "cf-turnstile-response": token! }), { json: true });
        expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
      }
      expect(await leadNamed(project, "Lou Token")).toMatchObject({ spam: "turnstile", deliver: [] });
      const person = await leadNamed(project, "Max Token");
      await eventually(async () => (await deliveredBy(project, person!.id)).length === 1, "the person's delivery");
      expect(hook.bodies.map((body) => body.name)).toEqual(["Max Token"]);
    } finally {
      await server.stop();
      await hook.close();
      await new Promise((resolve) => verify.close(resolve));
      await removeDir(project);
    }
  });
});
