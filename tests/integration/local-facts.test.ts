import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixture, copyFixture } from "../helpers/fixture-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import type { BuildResult } from "../../src/build.ts";

// tests/fixtures/local-facts/: a street address, a founding year, office hours and special days,
// prices that are free, a starting price or a range, a coupon page and a job opening that end.

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}

/** The footer's plain lines (its list items without a link), narrow spaces as plain ones. */
function footerLines(html: string): string[] {
  const footer = /<footer.*?<\/footer>/s.exec(html)![0];
  return [...footer.matchAll(/<li>([^<]+)<\/li>/g)].map((match) => match[1]!.replace(/[\u202f\u2009]/g, " "));
}

describe("on a day the coupon and the job are open (2026-12-01)", () => {
  let dir: string;
  let built: BuildResult;
  const page = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
  beforeAll(async () => {
    ({ dir, built } = await buildFixture("local-facts", { today: "2026-12-01" }));
  }, 60_000);
  afterAll(() => removeDir(dir));

  it("shows the address, the hours and the special days of the next 30 days in every footer, in each language's format", async () => {
    expect(footerLines(await page("index.html"))).toEqual([
      "Mon–Fri 7:00 AM – 6:00 PM",
      "Sat 8:00 AM – 2:00 PM",
      "Thu, Dec 24: 8:00 AM – 12:00 PM",
      "Fri, Dec 25: Closed",
      "31250 Sample Ranch Rd, Suite 4, Winchester, CA 92596",
    ]);
    expect(footerLines(await page("es.html"))).toEqual([
      "lun–vie 7:00 a.m. – 6:00 p.m.",
      "sáb 8:00 a.m. – 2:00 p.m.",
      "jue, 24 de dic: 8:00 a.m. – 12:00 p.m.",
      "vie, 25 de dic: Cerrado",
      "31250 Sample Ranch Rd, Suite 4, Winchester, CA 92596",
    ]);
    expect(footerLines(await page("about.html"))).toContain("31250 Sample Ranch Rd, Suite 4, Winchester, CA 92596");
  });

  it("gives the business its street, founding year, hours and the special days not passed in structured data", async () => {
    const business = jsonLd(await page("index.html")).find((block) => block["@type"] === "HomeAndConstructionBusiness")!;
    expect(business.foundingDate).toBe("2009");
    expect(business.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "31250 Sample Ranch Rd, Suite 4",
      addressLocality: "Winchester",
      addressRegion: "CA",
      postalCode: "92596",
      addressCountry: "US",
    });
    expect(business.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", opens: "08:00", closes: "12:00", validFrom: "2026-12-24", validThrough: "2026-12-24" },
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2026-12-25", validThrough: "2026-12-25" },
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2027-07-04", validThrough: "2027-07-04" },
    ]);
  });

  it("writes prices as people say them: an amount, from an amount, Free, a range", async () => {
    const cells = [...(await page("financing.html")).matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]!.replace(/[\u202f\u2009]/g, " "));
    expect(cells).toEqual(["$295", "from $45", "Free", "$600 – $900"]);
  });

  it("says the coupon page is an offer until its last day, at its price, and lists it in the menu and the sitemap", async () => {
    const offer = jsonLd(await page("coupons.html")).find((block) => block["@type"] === "Offer")!;
    expect(offer).toMatchObject({ name: "Coupons", url: "https://www.gopherguard.example.com/coupons", price: 295, priceCurrency: "USD", validThrough: "2027-03-31" });
    expect(offer.offeredBy).toEqual({ "@id": "https://www.gopherguard.example.com/#business" });
    expect(await page("index.html")).toContain('href="/coupons"');
    expect(await page("sitemap.xml")).toContain("<loc>https://www.gopherguard.example.com/coupons</loc>");
  });

  it("says the job page is a job opening: title, words, employment type, days, place and pay", async () => {
    const job = jsonLd(await page("field-technician-job.html")).find((block) => block["@type"] === "JobPosting")!;
    expect(job).toMatchObject({
      title: "Field Technician",
      datePosted: "2026-11-01",
      validThrough: "2027-01-31",
      employmentType: "FULL_TIME",
      hiringOrganization: { "@type": "Organization", name: "Gopher Guard Family Trapping", sameAs: "https://www.gopherguard.example.com/" },
      jobLocation: { "@type": "Place", address: { streetAddress: "31250 Sample Ranch Rd, Suite 4", addressLocality: "Winchester", addressRegion: "CA" } },
      baseSalary: { "@type": "MonetaryAmount", currency: "USD", value: { "@type": "QuantitativeValue", minValue: 22, maxValue: 30, unitText: "HOUR" } },
    });
    expect(job.description).toContain("<h2>What You Will Do</h2><ul><li>Inspect yards and find active tunnels</li>");
    expect(built.notices.some((notice) => notice.includes("ended"))).toBe(false);
  });
});

describe("after the coupon's and the job's last days (2027-04-01)", () => {
  let dir: string;
  let built: BuildResult;
  beforeAll(async () => {
    ({ dir, built } = await buildFixture("local-facts", { today: "2027-04-01" }));
  }, 60_000);
  afterAll(() => removeDir(dir));

  it("builds neither page, lists them in no menu or sitemap, and says so", async () => {
    const files = await readdir(path.join(dir, "dist"));
    expect(files).not.toContain("coupons.html");
    expect(files).not.toContain("field-technician-job.html");
    const home = await readFile(path.join(dir, "dist", "index.html"), "utf8");
    expect(home).not.toContain('href="/coupons"');
    expect(home).not.toContain("/field-technician-job");
    const sitemap = await readFile(path.join(dir, "dist", "sitemap.xml"), "utf8");
    expect(sitemap).not.toContain("/coupons");
    expect(built.notices).toContain("site.yaml's page coupons (/coupons) ended on 2027-03-31, so it is not built: give it a later until, or remove it and its copy");
    expect(built.notices).toContain(
      "site.yaml's page field-technician (/field-technician-job) ended on 2027-01-31, so it is not built: give it a later until, or remove it and its copy",
    );
  });

  it("shows no special day that has passed, and the next one from 30 days before it", async () => {
    const home = await readFile(path.join(dir, "dist", "index.html"), "utf8");
    expect(footerLines(home).filter((line) => /Dec|Jul/.test(line))).toEqual([]);
    const business = jsonLd(home).find((block) => block["@type"] === "HomeAndConstructionBusiness")!;
    expect(business.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2027-07-04", validThrough: "2027-07-04" },
    ]);
  });
});

describe("the words a price or a closed day needs", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture("local-facts");
  });
  afterAll(() => removeDir(dir));

  it("are named where chrome.yaml lacks them, with file, line and field, all at once", async () => {
    await editProjectFile(dir, "content/chrome.yaml", (text) => text.replace("\nprices:\n  free: Free\n  from: from {price}\n", "\nprices:\n  from: from {price}\n").replace("\nhours:\n  closed: Closed\n", "\n"));
    const result = await runCli(["build"], { cwd: dir, env: { GOPHER_SITE_TODAY: "2026-12-01" } });
    expect(result.code).toBe(1);
    const text = await readFile(path.join(dir, "content/chrome.yaml"), "utf8");
    const line = text.split("\n").indexOf("prices:") + 1;
    expect(result.stderr).toContain(`content/chrome.yaml:${line + 1}:3  prices.free  missing: site.yaml's prices has a price of 0, said in price tables in these words, e.g. prices: { free: Free }\n`);
    expect(result.stderr).toContain(`content/chrome.yaml:1:1  hours.closed  missing: site.yaml's specialHours has a day closed, said in the footer after its date in these words, e.g. hours: { closed: Closed }\n`);
  });
});

describe("gopher-site profile", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture("local-facts");
  });
  afterAll(() => removeDir(dir));

  it("prints the facts as the Business Profile asks for them, hours day by day, special days not passed", async () => {
    const result = await runCli(["profile"], { cwd: dir, env: { GOPHER_SITE_TODAY: "2026-12-01" } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        "Business name         Gopher Guard Family Trapping",
        "Business category     Home and construction business",
        "                      (site.yaml's businessType HomeAndConstructionBusiness; pick Google's category nearest to it)",
        "Business location     31250 Sample Ranch Rd, Suite 4, Winchester, CA 92596, US",
        "Service areas         Menifee, CA",
        "                      Murrieta, CA",
        "                      Temecula, CA",
        "                      Winchester, CA",
        "Phone number          (951) 555-0142",
        "Website               https://www.gopherguard.example.com/",
        "Hours                 Monday: 7:00 AM – 6:00 PM",
        "                      Tuesday: 7:00 AM – 6:00 PM",
        "                      Wednesday: 7:00 AM – 6:00 PM",
        "                      Thursday: 7:00 AM – 6:00 PM",
        "                      Friday: 7:00 AM – 6:00 PM",
        "                      Saturday: 8:00 AM – 2:00 PM",
        "                      Sunday: Closed",
        "Special hours         Thu, Dec 24, 2026: 8:00 AM – 12:00 PM",
        "                      Fri, Dec 25, 2026: Closed",
        "                      Sun, Jul 4, 2027: Closed",
        "Opening date          2009",
        "Services              Residential",
        "                      Commercial",
        "Business description  Family-owned, poison-free gopher trapping for homes, HOAs, farms and businesses in Temecula and the Inland Empire.",
        "",
      ].join("\n"),
    );
  });

  it("is told, as check is, where the copy states a phone or the address by hand", async () => {
    await editProjectFile(dir, "content/own/coupons.yaml", (text) =>
      text.replace("    heading: Book Your Visit\n    text: Call us and mention the spring coupon.", "    heading: Book Your Visit\n    text: Call (909) 555-0100 or come to 31250 Sample Ranch Rd and mention the spring coupon."),
    );
    const env = { GOPHER_SITE_TODAY: "2026-12-01" };
    const check = await runCli(["check"], { cwd: dir, env });
    const line = (await readFile(path.join(dir, "content/own/coupons.yaml"), "utf8")).split("\n").findIndex((each) => each.includes("(909) 555-0100")) + 1;
    expect(check.stderr).toContain(
      `content/own/coupons.yaml:${line}:11  sections.1.text  (909) 555-0100 is not site.yaml's phone ((951) 555-0142): write {phone}; a number of yours that is not there belongs in site.yaml (emergency.phone)\n`,
    );
    expect(check.stderr).toContain(`content/own/coupons.yaml:${line}:11  sections.1.text  31250 Sample Ranch Rd is site.yaml's address written by hand: write {address}, so a move reaches it\n`);
    expect((await runCli(["check", "--strict"], { cwd: dir, env })).code).toBe(1);
    const profile = await runCli(["profile"], { cwd: dir, env });
    expect(profile.code).toBe(0);
    expect(profile.stderr).toContain("2 places in the copy state a phone or address by hand: gopher-site check names them");
  });
});

describe("a link to a page that has ended", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture("local-facts");
    await editProjectFile(dir, "content/blog/60-day-warranty-explained.md", (text) => `${text}\nSee our [spring coupon](/coupons).\n`);
  });
  afterAll(() => removeDir(dir));

  it("is built while the page is, and after its last day is an error saying the page ended, at the link's line", async () => {
    expect((await runCli(["build"], { cwd: dir, env: { GOPHER_SITE_TODAY: "2027-03-31" } })).code).toBe(0);
    const after = await runCli(["build"], { cwd: dir, env: { GOPHER_SITE_TODAY: "2027-04-01" } });
    expect(after.code).toBe(1);
    const line = (await readFile(path.join(dir, "content/blog/60-day-warranty-explained.md"), "utf8")).split("\n").findIndex((each) => each.includes("(/coupons)")) + 1;
    expect(after.stderr).toContain(`content/blog/60-day-warranty-explained.md:${line}:`);
    expect(after.stderr).toContain("links to /coupons, a page that ended on 2027-03-31 (site.yaml's pages: until): remove the link, or give the page a later until");
  });
});
