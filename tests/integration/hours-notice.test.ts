import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { addHoursAndNotice, ENGLISH } from "../helpers/hours-site.ts";
import { vnu } from "../helpers/vnu.ts";

// A company open 24/7 with an emergency line and a winter notice, in English and Spanish: what the
// pages, their structured data and the build's errors say of them.
let dir: string;

beforeAll(async () => {
  dir = await copyFixture("small");
  await addHoursAndNotice(dir);
}, 60_000);
afterAll(() => removeDir(dir));

const page = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
const SERVICE = "residential-gopher-control.html";
const NOTICE_EN =
  '<a class="skip-link" href="#main">Skip to main content</a><section class="site-notice" aria-label="Announcement"><p class="container">Winter special: a free inspection with any job booked by December 24. Call (951) 555-0142.</p></section><header class="site-header">';
const NOTICE_ES =
  '<section class="site-notice" aria-label="Aviso"><p class="container">Especial de invierno: inspección gratis con todo trabajo reservado antes del 24 de diciembre. Llame al (951) 555-0142.</p></section>';

/** The JSON-LD block of the business on a page. */
function business(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  return blocks.find((block) => "openingHoursSpecification" in block)!;
}

describe("a site open 24/7 with an emergency line and a notice", () => {
  it("shows the notice on every page of both languages from its first day to its last, and not the day before or after", async () => {
    for (const [today, shown] of [["2026-11-30", false], ["2026-12-01", true], ["2026-12-24", true], ["2026-12-25", false]] as const) {
      await buildProject(dir, { today });
      for (const file of ["index.html", SERVICE, "about.html", "404.html", "es.html", "es/nosotros.html"]) {
        expect((await page(file)).includes('class="site-notice"'), `${file} on ${today}`).toBe(shown);
      }
      if (shown) {
        expect(await page("index.html")).toContain(NOTICE_EN);
        expect(await page("es/nosotros.html")).toContain(NOTICE_ES);
      }
    }
  }, 120_000);

  it("takes today from GOPHER_SITE_TODAY, and names a wrong one in one line", async () => {
    const built = await runCli(["build"], { cwd: dir, env: { GOPHER_SITE_TODAY: "2026-12-10" } });
    expect(built.stderr).toBe("");
    expect(await page("es.html")).toContain(NOTICE_ES);
    const wrong = await runCli(["build"], { cwd: dir, env: { GOPHER_SITE_TODAY: "10/12/2026" } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe('GOPHER_SITE_TODAY="10/12/2026" must be a date written yyyy-mm-dd, e.g. 2026-12-01 (the day the build takes as today)');
  }, 60_000);

  it("says open 24/7 and the emergency line in each language's footer, and both in structured data", async () => {
    await buildProject(dir, { today: "2026-12-01" });
    const english = await page(SERVICE);
    expect(english).toContain(
      '<li><a href="tel:+19515550142">(951) 555-0142</a></li><li>Emergencies, day and night: <a href="tel:+19515550199">(951) 555-0199</a></li><li><a href="mailto:office@gopherguard.example.com">office@gopherguard.example.com</a></li><li>Open 24/7</li></ul>',
    );
    expect(await page("es.html")).toContain('<li>Emergencias, de día y de noche: <a href="tel:+19515550199">(951) 555-0199</a></li>');
    expect(await page("es.html")).toContain("<li>Abierto 24/7</li>");
    for (const file of ["index.html", "es.html"]) {
      const data = business(await page(file));
      expect(data.openingHoursSpecification).toEqual([
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], opens: "00:00", closes: "23:59" },
      ]);
      expect(data.contactPoint).toEqual([{ "@type": "ContactPoint", telephone: "+19515550199", contactType: "emergency" }]);
    }
  }, 60_000);

  it("has no markup error (vnu) on pages with the notice, the emergency line and the hours", async () => {
    await buildProject(dir, { today: "2026-12-01" });
    const files = ["index.html", SERVICE, "404.html", "es.html", "es/nosotros.html"].map((file) => path.join(dir, "dist", file));
    const report = await vnu(files);
    expect(report.messages.map((m) => `${path.basename(new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}`)).toEqual([]);
  }, 120_000);

  it("names the words chrome.yaml lacks for what site.yaml shows, with file, line and field", async () => {
    const chrome = path.join(dir, "content/chrome.yaml");
    const words = await readFile(chrome, "utf8");
    try {
      await editProjectFile(dir, "content/chrome.yaml", (text) => text.replace(ENGLISH, "\nopenAllDay:\n  someDays: Open 24 hours on {days}\n"));
      const result = await runCli(["build"], { cwd: dir });
      expect(result.code).toBe(1);
      const line = words.split("\n").findIndex((each) => each === "openAllDay:") + 1;
      expect(result.stderr).toContain(
        `content/chrome.yaml:${line + 1}:3  openAllDay.everyDay  missing: site.yaml's openingHours has every day open 00:00 to 24:00, said in the footer in these words, e.g. openAllDay: { everyDay: Open 24/7 }\n`,
      );
      expect(result.stderr).toMatch(/^content\/chrome\.yaml:\d+(:\d+)? {2}emergency {2}missing: site\.yaml's emergency number is shown in the footer after these words/m);
      expect(result.stderr).toMatch(/^content\/chrome\.yaml:\d+(:\d+)? {2}notice {2}missing: site\.yaml has a notice \(2026-12-01 to 2026-12-24\); its words: /m);
      expect(result.stderr).not.toContain("    at ");
    } finally {
      await editProjectFile(dir, "content/chrome.yaml", () => words);
    }
  }, 60_000);
});
