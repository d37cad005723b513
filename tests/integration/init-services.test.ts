import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-init-services-");

const FACTS = ["--company", "Spokane Comfort", "--phone", "509-555-0142", "--email", "office@example.com", "--zip", "99201", "--yes"];
const SERVICES = ["furnace repair", "AC installation", "heat pumps", "duct cleaning", "water heaters"].flatMap((service) => ["--service", service]);
const IDS = ["furnace-repair", "ac-installation", "heat-pumps", "duct-cleaning", "water-heaters"];

describe("gopher-site init with several services", () => {
  it("writes a page for each, passes check --strict as written, builds, and lists them in the menu", { timeout: 120_000 }, async () => {
    const dir = path.join(folders(), "spokane");
    const init = await runCli(["init", dir, ...FACTS, ...SERVICES], { cwd: path.dirname(dir) });
    expect(init.stderr).toBe("");
    expect(init.stdout).toContain("content/    the pages' words, about furnace repair, AC installation, heat pumps, duct cleaning and water heaters:");
    expect(init.stdout).toContain("addresses   /furnace-repair, /ac-installation, /heat-pumps, /duct-cleaning, /water-heaters and /{city}, e.g. /spokane");

    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    expect(site).toContain(`cityPath: /{city}\nservices:\n${IDS.map((id) => `  - id: ${id}\n    path: /${id}\n`).join("")}`);
    expect(readdirSync(path.join(dir, "content", "services")).sort()).toEqual(IDS.map((id) => `${id}.yaml`).sort());
    const icons = IDS.map((id) => readFileSync(path.join(dir, "content", "services", `${id}.yaml`), "utf8").match(/^icon: (\w+)$/m)?.[1]);
    expect(new Set(icons).size).toBe(5);

    const check = await runCli(["check", "--strict"], { cwd: dir });
    expect(check.stderr).toBe("");
    expect(check.stdout).toMatch(/Checked 22 pages and \d+ files in [\d.]+ m?s: no problems/);
    const build = await runCli(["build"], { cwd: dir });
    expect(build.stderr).toBe("");
    expect(build.code).toBe(0);

    const dist = path.join(dir, "dist");
    for (const id of IDS) expect(existsSync(path.join(dist, `${id}.html`)), id).toBe(true);
    const home = readFileSync(path.join(dist, "index.html"), "utf8");
    const menu = home.match(/<nav id="site-nav"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect([...menu.matchAll(/<a href="(\/[^"]+)">/g)].map((link) => link[1])).toEqual([...IDS.map((id) => `/${id}`), "/service-areas", "/about", "/blog"]);
    expect(home).toContain("<h1>Furnace Repair and More in Spokane, WA</h1>");
    expect(home).toContain("Spokane Comfort offers furnace repair, AC installation, heat pumps, duct cleaning and water heaters for homes in Spokane, WA");
    expect(readFileSync(path.join(dist, "ac-installation.html"), "utf8")).toContain("<h1>AC Installation for Your Home</h1>");
    expect(existsSync(path.join(dist, "spokane.html"))).toBe(true);

    // A mistake in a service's copy is named by its file, line and field, with the placeholders it may use.
    const copyFile = path.join(dir, "content", "services", "heat-pumps.yaml");
    await writeFile(copyFile, (await readFile(copyFile, "utf8")).replace("Call {phone} to ask", "Call {phnoe} to ask"));
    const broken = await runCli(["check", "--strict"], { cwd: dir });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("content/services/heat-pumps.yaml:3:14  description  unknown placeholder {phnoe}; did you mean {phone}? Known: {phone}, ");
  });

  it("takes a list separated by commas from one --service too, and keeps an acronym in capitals", { timeout: 60_000 }, async () => {
    const dir = path.join(folders(), "two");
    const init = await runCli(["init", dir, ...FACTS, "--service", "HVAC repair, Water Heaters"], { cwd: path.dirname(dir) });
    expect(init.stderr).toBe("");
    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    expect(site).toContain("services:\n  - id: hvac-repair\n    path: /hvac-repair\n  - id: water-heaters\n    path: /water-heaters\n");
    expect(await readFile(path.join(dir, "content", "services", "hvac-repair.yaml"), "utf8")).toContain('heading: "HVAC Repair for Your Home"');
  });

  it("takes services named as trades name them, with & and /, digits and up to 8 words, and passes check --strict", { timeout: 60_000 }, async () => {
    const dir = path.join(folders(), "kansas-city");
    const named = ["sewer line repair & replacement", "24/7 emergency plumbing", "A/C repair"].flatMap((service) => ["--service", service]);
    const init = await runCli(["init", dir, "--company", "KC Sewer Pros", "--phone", "816-555-0142", "--email", "office@example.com", "--zip", "64105", "--yes", ...named], { cwd: path.dirname(dir) });
    expect(init.stderr).toBe("");
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toContain("  - id: sewer-line-repair-replacement\n    path: /sewer-line-repair-replacement\n  - id: 24-7-emergency-plumbing\n");
    expect(readFileSync(path.join(dir, "content", "services", "a-c-repair.yaml"), "utf8")).toMatch(/^name: A\/C Repair$/m);
    const check = await runCli(["check", "--strict"], { cwd: dir });
    expect([check.code, check.stderr]).toEqual([0, ""]);
  });

  it("refuses a service given twice, one at a page's address and an empty list, each named, and writes nothing", async () => {
    const dir = path.join(folders(), "site");
    const given = ["--service", "furnace repair", "--service", "Furnace Repair", "--service", "about", "--service", "furnace repair"];
    const twice = await runCli(["init", dir, ...FACTS, ...given], { cwd: path.dirname(dir) });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(
      [
        '--service  "furnace repair" and "Furnace Repair" would both be at /furnace-repair: name each service once',
        '--service  "about" would be at /about, a page the site has anyway: name the service in other words',
        '--service  "furnace repair" is given twice: name each service once',
        "Nothing was asked (--yes was given): give every answer as a flag, see gopher-site init --help. Nothing was written.",
        "",
      ].join("\n"),
    );
    const empty = await runCli(["init", dir, ...FACTS, "--service", " , "], { cwd: path.dirname(dir) });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('--service  name at least one service, e.g. "pool cleaning"\n');
    // With several services each town's page is at /{town}: a service named as a town init picks would take it.
    const town = await runCli(["init", dir, ...FACTS, "--service", "furnace repair", "--service", "spokane"], { cwd: path.dirname(dir) });
    expect(town.code).toBe(1);
    expect(town.stderr).toBe(`--service  "spokane" would be at /spokane, the address of Spokane's page: name the service in other words\n`);
    expect(existsSync(dir)).toBe(false);
  });
});
