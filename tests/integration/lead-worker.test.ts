import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** Posts as a visitor at `address` (Cloudflare names it in CF-Connecting-IP): each test its own, apart in the rate limit. */
const post = (form: Record<string, string>, address: string, json = true) =>
  fetch(`${url}/api/lead`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address, ...(json ? { accept: "application/json" } : {}) },
    body: new URLSearchParams(form),
  });

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

  it("does not tell the visitor it was received while the webhook fails", async () => {
    webhook.status = 500;
    try {
      const response = await post(await personForm("Jo Unlucky"), "10.1.2.1");
      expect([response.status, await response.json()]).toEqual([503, { ok: false, errors: {} }]);
    } finally {
      webhook.status = 200;
    }
  });
});
