import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { makeStamp } from "../../src/leads/stamp.ts";

let made = 0;

/** A person's form: every field as the site's form sends it, its stamp signed with `secret` 5 s ago. */
export async function personForm(secret: string, name: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  // One page's stamp counts for one request: each form its own, even two made in one millisecond.
  const stamp = await makeStamp(secret, Date.now() - 5000 - (made++ % 1000));
  return { name, phone: "(951) 555-0100", town: "Temecula", service: "gopher-control", message: "Mounds in the lawn", lang: "en", page: "/gopher-control", thanks: "/thank-you", website: "", stamp, ...extra };
}

/**
 * Posts a form to serve's /api/lead as a visitor at `address` (X-Real-IP, as nginx or Caddy in
 * front of it passes it: each test its own, apart in the rate limit); redirects are not followed.
 */
export function postLead(url: string, form: Record<string, string>, options: { json?: boolean; address?: string } = {}): Promise<Response> {
  return fetch(`${url}/api/lead`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(options.json ? { accept: "application/json" } : {}), "x-real-ip": options.address ?? "10.0.0.1" },
    body: new URLSearchParams(form),
  });
}

/** Every record of a project's leads/ files, in order. */
export async function leadRecords(project: string): Promise<Array<Record<string, any>>> {
  const folder = path.join(project, "leads");
  const names = (await readdir(folder)).filter((name) => name.endsWith(".jsonl")).sort();
  const lines = await Promise.all(names.map(async (name) => (await readFile(path.join(folder, name), "utf8")).split("\n").filter(Boolean)));
  return lines.flat().map((line) => JSON.parse(line) as Record<string, any>);
}

/** The lead record of the request of that name. */
export async function leadNamed(project: string, name: string): Promise<Record<string, any> | undefined> {
  return (await leadRecords(project)).find((record) => record.type === "lead" && record.fields.name === name);
}

/** The ways a lead was delivered, sorted. */
export async function deliveredBy(project: string, id: string): Promise<string[]> {
  return (await leadRecords(project)).filter((record) => record.type === "delivered" && record.id === id).map((record) => record.via as string).sort();
}
