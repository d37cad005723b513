import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMMUTABLE } from "../../src/hosting/headers-file.ts";
import { makeStamp, stampProblem } from "../../src/leads/stamp.ts";
import { startHost, type RunningHost } from "../helpers/host-servers.ts";
import { leadNamed } from "../helpers/lead-records.ts";
import { copyLeadSite, STAMP_PAGE, startServe, startWebhook, type ServeProcess } from "../helpers/lead-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

// `gopher-site serve` behind the real nginx and Caddy, configured by `host-config --lead-server`.
const SECRET = "proxy-test-secret";
let dir: string;
let serve: ServeProcess;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
const hosts: RunningHost[] = [];

beforeAll(async () => {
  [dir, webhook] = await Promise.all([copyLeadSite("  delivery: server\n  email: false\n"), startWebhook()]);
  await writeFile(path.join(dir, "dist", "form-test.html"), STAMP_PAGE);
  serve = await startServe(dir, { GOPHER_SITE_LEAD_SECRET: SECRET, GOPHER_SITE_LEAD_WEBHOOK_URL: webhook.url });
  const port = new URL(serve.url).port;
  for (const name of ["nginx", "caddy"] as const) hosts.push(await startHost(name, path.join(dir, "dist"), ["--lead-server", `127.0.0.1:${port}`]));
}, 180_000);

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  await serve?.stop();
  await webhook?.close();
  await removeDir(dir);
});

describe.each(["nginx", "caddy"] as const)("%s in front of gopher-site serve", (name) => {
  const host = () => hosts.find((each) => each.name === name)!;

  it("passes the form's posts to serve, which keeps them", async () => {
    const form = { name: `Kim via ${name}`, phone: "951 555 0102", lang: "en", page: "/", thanks: "/thank-you", website: "", stamp: await makeStamp(SECRET, Date.now() - 5000) };
    const response = await fetch(`${host().url}/api/lead`, { method: "POST", redirect: "manual", body: new URLSearchParams(form) });
    expect([response.status, response.headers.get("location")]).toEqual([303, "/thank-you"]);
    expect(await leadNamed(dir, `Kim via ${name}`)).toBeDefined();
  });

  it("sends the pages through serve, their stamp filled in, and the files from the folder", async () => {
    const html = await (await fetch(`${host().url}/form-test`)).text();
    const stamp = /name="stamp" value="([^"]+)"/.exec(html)?.[1];
    expect(await stampProblem(stamp, SECRET, Date.now() + 4000)).toBeUndefined();
    const home = await fetch(`${host().url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-security-policy")).toBeTruthy();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(await home.text())![1]!;
    expect((await fetch(`${host().url}${stylesheet}`)).headers.get("cache-control")).toBe(IMMUTABLE);
  });
});
