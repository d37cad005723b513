import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { tradeWordsIn } from "../helpers/trade-words.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-init-");

const ANSWERS = ["--company", "Cascade Mole Control", "--service", "mole removal", "--phone", "503-555-0142", "--email", "office@cascademole.example.com", "--zip", "97301"];

describe("gopher-site init without a terminal", () => {
  it("writes site.yaml, content/ and public/ from the flags, and prints the next steps", async () => {
    const dir = path.join(folders(), "cascade");
    const result = await runCli(["init", dir, ...ANSWERS], { cwd: path.dirname(dir) });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Wrote a starter site for Cascade Mole Control in cascade (");
    expect(result.stdout).toContain("base town Salem, OR; 8 city pages: Salem, Four Corners, Hayesville, Keizer, Turner, Aumsville, Independence, Silverton");
    expect(result.stdout).toContain("addresses   /mole-removal and /{city}-mole-removal, e.g. /salem-mole-removal");
    expect(result.stdout).toMatch(/Next steps:\n {2}cd cascade\n {2}npx gopher-site dev/);

    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    expect(site).toContain('  name: "Cascade Mole Control"');
    expect(site).toContain('  display: "(503) 555-0142"\n  tel: "+15035550142"');
    expect(site).toContain('base:\n  town: "Salem"\n  region: "OR"\n  postalCode: "97301"\n  country: US\n  lat: 44.949\n  lng: -123.004');
    expect(site).toContain("cityPath: /{city}-mole-removal\nservices:\n  - id: mole-removal\n    path: /mole-removal");
    expect(site).toContain('  - name: "Keizer"\n    slug: keizer\n');
    // No claim the owner has not made: reviews, licences, prices and a warranty are only comments.
    expect(site).not.toMatch(/^(reviews|warranty|results|prices):/m);
    expect(site).toMatch(/^licenses: \[\]$/m);
    expect(existsSync(path.join(dir, "public", "images", "icon.svg"))).toBe(true);
    expect(readFileSync(path.join(dir, "content", "pages", "home.yaml"), "utf8")).toContain("heading: \"Mole Removal in {baseTown}\"");
  });

  it("writes each town's own state and its name as people write it, near a state line (83854: Post Falls, ID)", async () => {
    const dir = path.join(folders(), "post-falls");
    const answers = ["--company", "Xact Air", "--service", "hvac", "--phone", "(509) 555-0100", "--email", "a@b.co", "--zip", "83854"];
    const result = await runCli(["init", dir, "--yes", ...answers], { cwd: path.dirname(dir) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("base town Post Falls, ID;");
    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    expect(site).toMatch(/ {2}- name: "Liberty Lake"\n {4}slug: liberty-lake\n {4}lat: [\d.]+\n {4}lng: -[\d.]+\n {4}region: "WA"\n/);
    expect(site).toMatch(/ {2}- name: "Coeur d'Alene"\n {4}slug: coeur-d-alene\n {4}lat: [\d.]+\n {4}lng: -[\d.]+\n {4}region: "ID"\n/);
    expect(site).toContain('intro: "We offer hvac in Liberty Lake, WA, and the towns around it."');
    expect(site).not.toContain("Coeur D Alene");
  });

  it("takes the street address and office hours, which the site's footer shows and its structured data carries", async () => {
    const dir = path.join(folders(), "with-office");
    const result = await runCli(["init", dir, "--yes", ...ANSWERS, "--street", "1200 Commercial St SE, Suite 4", "--hours", "Mo-Fr 07:00-18:00, Sa 8:00-14:00"], { cwd: path.dirname(dir) });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    expect(site).toContain('base:\n  street: "1200 Commercial St SE, Suite 4"\n  town: "Salem"\n');
    expect(site).toContain('openingHours:\n  - days: [Monday, Tuesday, Wednesday, Thursday, Friday]\n    opens: "07:00"\n    closes: "18:00"\n  - days: [Saturday]\n    opens: "08:00"\n    closes: "14:00"\n');
    const check = await runCli(["check", "--strict"], { cwd: dir });
    expect(check.code).toBe(0);
    const build = await runCli(["build"], { cwd: dir });
    expect(build.code).toBe(0);
    const footer = /<footer.*<\/footer>/s.exec(await readFile(path.join(dir, "dist", "index.html"), "utf8"))![0].replace(/[\u202f\u2009]/g, " ");
    expect(footer).toContain("<li>Mon–Fri 7:00 AM – 6:00 PM</li><li>Sat 8:00 AM – 2:00 PM</li><li>1200 Commercial St SE, Suite 4, Salem, OR 97301</li>");
  });

  it("writes the chosen host's workflow or settings, sends the form's requests where that host can take them, and says the one step left", { timeout: 60_000 }, async () => {
    const made = async (host: string) => {
      const dir = path.join(folders(), host);
      const result = await runCli(["init", dir, "--yes", ...ANSWERS, "--host", host], { cwd: path.dirname(dir) });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const check = await runCli(["check", "--strict"], { cwd: dir });
      expect(check.code, check.stderr).toBe(0);
      return { dir, stdout: result.stdout, site: await readFile(path.join(dir, "site.yaml"), "utf8") };
    };
    const pages = await made("github-pages");
    expect(await readFile(path.join(pages.dir, ".github/workflows/publish.yml"), "utf8")).toBe(readFileSync(path.join(import.meta.dirname, "../../deploy/github-pages.yml"), "utf8"));
    // GitHub Pages cannot take a post: no form of the site's own, the quote buttons write an e-mail.
    expect(pages.site).not.toMatch(/^leads:/m);
    expect(pages.stdout).toContain("Once, to go live: on GitHub, Settings > Pages > Source: GitHub Actions;");
    expect(pages.stdout).toContain("npx gopher-site publish");

    const netlify = await made("netlify");
    expect(existsSync(path.join(netlify.dir, "netlify.toml"))).toBe(true);
    expect(netlify.site).toContain("leads:\n  delivery: netlify\n");

    const cloudflare = await made("cloudflare");
    expect(await readFile(path.join(cloudflare.dir, "wrangler.toml"), "utf8")).toMatch(/^name = "cascade-mole-control"\npages_build_output_dir = "dist"\ncompatibility_date = "\d{4}-\d{2}-\d{2}"\n$/m);
    expect(cloudflare.site).toContain("leads:\n  delivery: cloudflare\n");

    const server = await made("server");
    expect(server.site).toContain("leads:\n  delivery: server\n");
    expect(readdirSync(server.dir).sort()).toEqual([".git", ".gitignore", "content", "public", "site.schema.json", "site.yaml"]);

    const wrong = await runCli(["init", path.join(folders(), "wrong"), "--yes", ...ANSWERS, "--host", "geocities"], { cwd: folders() });
    expect(wrong.stderr).toContain("--host  must be one of github-pages, netlify, cloudflare, server (docs/deploying.md compares them)\n");
  });

  it("publishes no sentence addressed to the owner: what to do is in comments and check's notices, file and line", { timeout: 60_000 }, async () => {
    const dir = path.join(folders(), "words");
    expect((await runCli(["init", dir, "--yes", ...ANSWERS], { cwd: path.dirname(dir) })).code).toBe(0);
    const check = await runCli(["check", "--strict"], { cwd: dir });
    expect(check.code).toBe(0);
    expect(check.stdout.split("\n").filter((line) => line.includes("Starter words"))).toEqual([
      "notice content/blog/questions-to-ask-before-you-hire.md:2  Starter words from gopher-site init: an article in your trade's plain words; make it yours (and its picture, image and imageAlt), or delete the file once you have written one of your own; this note goes once the words are changed, or this line deleted.",
      "notice content/legal/privacy-policy.md:2  Starter words from gopher-site init: read them through, change what does not match how you work (have them reviewed if you are unsure); this note goes once they are changed, or this line deleted.",
      "notice content/legal/terms-of-service.md:2  Starter words from gopher-site init: read them through, change what does not match how you work (have them reviewed if you are unsure); this note goes once they are changed, or this line deleted.",
    ]);
    // Changed (as the editor's form changes it, the comment kept), a text is the owner's: its note goes.
    const terms = path.join(dir, "content/legal/terms-of-service.md");
    await writeFile(terms, (await readFile(terms, "utf8")).replace("## ", "We answer every question about these terms by phone.\n\n## "));
    const again = await runCli(["check"], { cwd: dir });
    expect(again.stdout.split("\n").filter((line) => line.includes("Starter words")).map((line) => line.split("  ")[0])).toEqual([
      "notice content/blog/questions-to-ask-before-you-hire.md:2",
      "notice content/legal/privacy-policy.md:2",
    ]);
    expect((await runCli(["build"], { cwd: dir })).code).toBe(0);
    const pages = readdirSync(path.join(dir, "dist"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    const toOwner = /before you publish|does not match how you work|reviewed if you are unsure|gopher-site|starter|replace (it|this|these|them)\b|sprinkler/i;
    for (const page of pages) {
      const text = readFileSync(path.join(dir, "dist", page), "utf8").replace(/<script[\s\S]*?<\/script>|<[^>]+>/g, " ");
      expect(toOwner.exec(text)?.[0], page).toBeUndefined();
    }
  });

  it("refuses office hours it cannot read, saying how they are written", async () => {
    const dir = path.join(folders(), "bad-hours");
    const result = await runCli(["init", dir, "--yes", ...ANSWERS, "--hours", "weekdays 7 to 6"], { cwd: path.dirname(dir) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--hours  must be days and hours in schema.org\'s short form, e.g. "Mo-Fr 07:00-18:00, Sa 08:00-14:00" (Mo Tu We Th Fr Sa Su)\n');
    expect(existsSync(dir)).toBe(false);
  });

  it("names every missing answer's flag, and writes nothing", async () => {
    const dir = path.join(folders(), "site");
    const result = await runCli(["init", dir, "--company", "Cascade Mole Control"], { cwd: path.dirname(dir) });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      [
        '--service  missing: Your services, in a few words each, separated by commas, e.g. --service "pool cleaning" --service "pool repair"',
        '--phone  missing: Phone number, e.g. --phone "(503) 555-0142"',
        '--email  missing: E-mail address, e.g. --email "office@example.com"',
        '--zip  missing: ZIP code of the town you work from, e.g. --zip "97301"',
        "Nothing was asked (there is no terminal to ask on): give every answer as a flag, see gopher-site init --help. Nothing was written.",
        "",
      ].join("\n"),
    );
    expect(existsSync(dir)).toBe(false);
  });

  it("refuses a wrong answer with its flag, --yes asking nothing", async () => {
    const dir = path.join(folders(), "site");
    const answers = ANSWERS.map((value) => (value === "97301" ? "00000" : value === "503-555-0142" ? "555-0142" : value));
    const result = await runCli(["init", dir, ...answers, "--yes"], { cwd: path.dirname(dir) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        "--phone  must be a US phone number of 10 digits, e.g. (503) 555-0142",
        "--zip  00000 is not in the ZIP code list gopher-site knows (the zipcodes package); try the main ZIP code of your town",
        "Nothing was asked (--yes was given): give every answer as a flag, see gopher-site init --help. Nothing was written.",
        "",
      ].join("\n"),
    );
    expect(existsSync(dir)).toBe(false);
  });

  it("never overwrites a file: names the ones in the way and writes none", async () => {
    const dir = folders();
    await writeFile(path.join(dir, "site.yaml"), "# mine\n");
    await mkdir(path.join(dir, "content"));
    await writeFile(path.join(dir, "content", "faq.yaml"), "items: []\n");
    const result = await runCli(["init", ".", ...ANSWERS], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `${dir} already has files that init would write:\n  content/faq.yaml\n  site.yaml\n` +
        "init never overwrites a file: choose an empty folder (gopher-site init my-site), or move these away. Nothing was written.\n",
    );
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toBe("# mine\n");
    expect(readdirSync(dir).sort()).toEqual(["content", "site.yaml"]);
    expect(readdirSync(path.join(dir, "content"))).toEqual(["faq.yaml"]);
  });
});

describe("the site init starts", () => {
  it("builds and passes check --strict, with the service's addresses and no word of the sample's trade", { timeout: 120_000 }, async () => {
    const dir = path.join(folders(), "cascade");
    expect((await runCli(["init", dir, ...ANSWERS], { cwd: path.dirname(dir) })).code).toBe(0);

    const check = await runCli(["check", "--strict"], { cwd: dir });
    expect(check.stderr).toBe("");
    expect(check.stdout).toMatch(/Checked 18 pages and \d+ files in [\d.]+ m?s: no problems/);
    const build = await runCli(["build"], { cwd: dir });
    expect(build.stderr).toBe("");
    expect(build.code).toBe(0);

    const dist = path.join(dir, "dist");
    const pages = readdirSync(dist).filter((name) => name.endsWith(".html")).sort();
    expect(pages).toEqual([
      "404.html", "about.html", "aumsville-mole-removal.html", "blog.html", "four-corners-mole-removal.html", "hayesville-mole-removal.html",
      "independence-mole-removal.html", "index.html", "keizer-mole-removal.html", "mole-removal.html", "privacy-policy.html",
      "salem-mole-removal.html", "service-areas.html", "silverton-mole-removal.html", "terms-of-service.html", "thank-you.html", "turner-mole-removal.html",
    ]);
    expect(tradeWordsIn(dist, /^moles?$/i)).toEqual([]);

    const home = readFileSync(path.join(dist, "index.html"), "utf8");
    expect(home).toContain("<h1>Mole Removal in Salem, OR</h1>");
    // No review badge; the call-back dialog holds the site's own form (leads: delivery server), which the quote buttons open.
    expect(home).not.toMatch(/review-badge|Reviews/);
    expect(home).toMatch(/<dialog id="callback-request" [^>]*data-lead-modal="">.*<form id="lead-form" class="lead-form" [^>]*action="\/api\/lead" method="post">/);
    expect(home).toContain('<a class="button button-secondary" href="#callback-request" data-callback-open="">Ask for a Quote</a>');
    // The phone's bar says what its button does: it opens the form, no longer an e-mail.
    expect(home).toContain('<a class="button button-light" href="#callback-request" data-callback-open="">Get a Quote</a>');
    expect(home).toContain('<li><a href="/mole-removal">Mole Removal</a></li>');
    // The privacy policy says what this site does: no cookies; its own form, and where that goes.
    const privacy = readFileSync(path.join(dist, "privacy-policy.html"), "utf8");
    expect(privacy).toContain("Our website sets no cookies and uses no analytics or advertising tools.");
    expect(privacy).toContain("<strong>Our call-back form.</strong> When you send the form on our website, we receive what you enter");
    expect(privacy).toContain("<strong>Where the form goes.</strong> Our website&#39;s own server keeps each request and e-mails it to us.");
    expect(privacy).not.toContain("lead-management provider");
  });
});

describe("the site init writes, whatever the lengths of the answers", () => {
  // Titles and descriptions name the company, the service and the towns: each is worded to fit.
  const cases = [
    { company: "A & B Heating and Air Conditioning of Spokane Valley LLC", service: "heating and air conditioning", zip: "99206" },
    { company: "Ace", service: "plumbing", zip: "92688" },
    { company: "Family Owned and Operated Septic Tank Pumping Company of Southern Orange County", service: "residential septic tank pumping", zip: "92688" },
  ];
  for (const { company, service, zip } of cases) {
    it(`passes check --strict as written: "${company}", "${service}", ${zip}`, { timeout: 60_000 }, async () => {
      const dir = path.join(folders(), "site");
      const answers = ["--company", company, "--service", service, "--phone", "509-555-0142", "--email", "office@example.com", "--zip", zip];
      const init = await runCli(["init", dir, ...answers], { cwd: path.dirname(dir) });
      expect(init.stderr).toBe("");
      const check = await runCli(["check", "--strict"], { cwd: dir });
      expect(check.stderr).toBe("");
      expect(check.code).toBe(0);
      expect(check.stdout).toMatch(/Checked 18 pages and \d+ files in [\d.]+ m?s: no problems/);
    });
  }
});

describe("a company name with quotes and a backslash", () => {
  it("is written as valid YAML everywhere init puts it, and the site builds", { timeout: 120_000 }, async () => {
    const dir = path.join(folders(), "quoted");
    const company = 'Jo "Mole" \\ Co';
    const answers = ANSWERS.map((answer, i) => (ANSWERS[i - 1] === "--company" ? company : answer));
    expect((await runCli(["init", dir, ...answers], { cwd: path.dirname(dir) })).code).toBe(0);
    const check = await runCli(["check", "--strict"], { cwd: dir });
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
    expect((await runCli(["build"], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path.join(dir, "dist", "blog.html"), "utf8")).toContain("<title>Blog | Jo &quot;Mole&quot; \\ Co</title>");
  });
});

describe("gopher-site init on a terminal", () => {
  it("asks each question on a real terminal, asks again after a wrong answer, takes a list of services, and writes the site", { timeout: 60_000 }, async () => {
    const dir = folders();
    // util-linux's `script` runs init on a pseudo-terminal of its own: stdin and stdout are a TTY.
    const bin = path.resolve(import.meta.dirname, "../../bin/gopher-site.js");
    const child = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} init site --zip 97301`, "/dev/null"], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: "1" },
    });
    const SERVICES_PROMPT = "Your services, in a few words each, separated by commas (e.g. pool cleaning, pool repair)";
    const replies: Array<[prompt: string, answer: string]> = [
      ["Company name (e.g. Desert Pool Care): ", "Cascade Mole Control"],
      [`${SERVICES_PROMPT}: `, "mole removal!"],
      [`  must be 1 to 8 words of letters and digits (& and / may join them), e.g. "pool cleaning" or "sewer line repair & replacement"\r\n${SERVICES_PROMPT}: `, "mole removal, lawn care, Mole Removal"],
      [`  "mole removal" and "Mole Removal" would both be at /mole-removal: name each service once\r\n${SERVICES_PROMPT}: `, "mole removal, lawn care"],
      ["Phone number (e.g. (503) 555-0142): ", "503 555 0142"],
      ["E-mail address (e.g. office@example.com): ", "office@cascademole.example.com"],
      // The street and the hours may be left out: Enter.
      ["Street address, if customers may come to you (Enter for none) (e.g. 1200 Main St, Suite 4): ", ""],
      ["Office hours (Enter for none) (e.g. Mo-Fr 07:00-18:00, Sa 08:00-14:00): ", "Mo-Fr 7-6"],
      [`  must be days and hours in schema.org's short form, e.g. "Mo-Fr 07:00-18:00, Sa 08:00-14:00" (Mo Tu We Th Fr Sa Su)\r\nOffice hours (Enter for none) (e.g. Mo-Fr 07:00-18:00, Sa 08:00-14:00): `, "Mo-Fr 07:00-18:00"],
      ["Where the site will be published: github-pages, netlify, cloudflare, server (Enter to decide later) (e.g. netlify): ", ""],
    ];
    let screen = "";
    let answered = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      // Without readline's cursor moves: what a person reads.
      screen = (screen + chunk.toString()).replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
      const next = replies[answered];
      if (next && screen.endsWith(next[0])) {
        answered += 1;
        child.stdin.write(`${next[1]}\r`);
      }
    });
    // A prompt that never comes ends the run, so the failure shows the screen.
    const timer = setTimeout(() => child.kill(), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    expect(answered, screen).toBe(replies.length);
    expect(code, screen).toBe(0);
    expect(screen).toContain("Wrote a starter site for Cascade Mole Control in site (");
    // --zip was given as a flag: it was not asked.
    expect(screen).not.toContain("ZIP code of the town");
    const site = await readFile(path.join(dir, "site", "site.yaml"), "utf8");
    expect(site).toContain('  display: "(503) 555-0142"');
    expect(site).toContain("services:\n  - id: mole-removal\n    path: /mole-removal\n  - id: lawn-care\n    path: /lawn-care\n");
    expect(site).not.toContain("street:");
    expect(site).toContain('openingHours:\n  - days: [Monday, Tuesday, Wednesday, Thursday, Friday]\n    opens: "07:00"\n    closes: "18:00"\n');
  });
});
