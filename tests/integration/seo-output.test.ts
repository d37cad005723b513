import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { IMAGE_CACHE_DIR } from "../../src/assets/image-cache.ts";
import { SiteError } from "../../src/errors.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

const SITE = "https://www.gopherguard.example.com";
let dir: string;
let dist: string;
let htmlFiles: string[];
/** What the fixture's files say there is: its towns, services, FAQ questions and articles (each article's date by its slug). */
let towns: number;
let services: number;
let questions: number;
let articleDates: Map<string, string>;
const ARTICLE = "60-day-warranty-explained";

const read = (file: string) => readFile(path.join(dist, file), "utf8");
/** `/about` for about.html, `/` for index.html. */
const pagePath = (file: string) => (file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`);
type Json = Record<string, any>;
const jsonLd = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`))?.[1];
/** A file of dist/ named by an absolute URL of the site. */
const distFile = (url: string) => path.join(dist, new URL(url).pathname);

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  dist = path.join(dir, "dist");
  const site = parse(await readFile(path.join(dir, "site.yaml"), "utf8")) as { cities: unknown[]; services: unknown[] };
  towns = site.cities.length;
  services = site.services.length;
  questions = (parse(await readFile(path.join(dir, "content/faq.yaml"), "utf8")) as { items: unknown[] }).items.length;
  const markdown = (await readdir(path.join(dir, "content/blog"))).filter((file) => file.endsWith(".md"));
  articleDates = new Map(
    await Promise.all(
      markdown.map(async (file) => {
        const text = await readFile(path.join(dir, "content/blog", file), "utf8");
        return [text.match(/^slug: (.*)$/m)![1]!.trim(), text.match(/^date: (.*)$/m)![1]!.trim()] as const;
      }),
    ),
  );
  await buildProject(dir);
  htmlFiles = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith(".html")).sort();
}, 60_000);
afterAll(() => removeDir(dir));

describe("search and share metadata of a built site", () => {
  it("gives every page Open Graph and Twitter card tags, icons, the manifest and the feed", async () => {
    for (const file of htmlFiles) {
      const html = await read(file);
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)![1]!;
      expect(meta(html, "og:url"), file).toBe(canonical);
      expect(meta(html, "og:title"), file).toBe(html.match(/<title>([^<]+)<\/title>/)![1]);
      expect(meta(html, "og:description"), file).toBe(meta(html, "description"));
      expect(meta(html, "og:type"), file).toBe(file.startsWith("blog/") ? "article" : "website");
      expect(meta(html, "og:site_name"), file).toBe("Gopher Guard Family Trapping");
      expect(meta(html, "twitter:card"), file).toBe("summary_large_image");
      const image = meta(html, "og:image")!;
      expect(image, file).toMatch(new RegExp(`^${SITE}/assets/share/[a-z0-9-]+\\.[A-Za-z0-9]{10}\\.png$`));
      expect(existsSync(distFile(image)), file).toBe(true);
      expect(meta(html, "twitter:image"), file).toBeUndefined(); // read from og:image
      expect(html, file).toContain('<link rel="manifest" href="/site.webmanifest"/>');
      expect(html, file).toContain('<link rel="icon" href="/images/favicon.svg" type="image/svg+xml"/>');
      expect(html, file).toMatch(/<link rel="apple-touch-icon" href="\/assets\/icons\/apple-touch-icon\.[A-Za-z0-9]{10}\.png"\/>/);
      expect(html, file).toContain('<link rel="alternate" type="application/atom+xml" title="Gopher Control Tips and Advice Blog | Gopher Guard Family Trapping" href="/blog/feed.xml"/>');
    }
    const article = await read(`blog/${ARTICLE}.html`);
    expect(meta(article, "og:image")).toMatch(new RegExp(`/assets/share/${ARTICLE}\\.[A-Za-z0-9]{10}\\.png$`));
    expect(meta(article, "article:published_time")).toBe(articleDates.get(ARTICLE));
    expect(articleDates.get(ARTICLE)).toBe("2025-10-18");
  });

  it("makes 1200x630 PNG share pictures and the 180, 192 and 512 px icons with sharp", async () => {
    const shares = await readdir(path.join(dist, "assets/share"));
    expect(shares).toHaveLength(1 + articleDates.size); // the site's and one per article
    for (const name of shares) {
      expect(await sharp(path.join(dist, "assets/share", name)).metadata(), name).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
    const manifest = JSON.parse(await read("site.webmanifest"));
    expect(manifest).toMatchObject({ name: "Gopher Guard Family Trapping", short_name: "Gopher Guard", start_url: "/", theme_color: "#166534" });
    expect(manifest.icons.map((icon: Json) => icon.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of manifest.icons) {
      const size = Number(icon.sizes.split("x")[0]);
      expect(await sharp(path.join(dist, icon.src)).metadata()).toMatchObject({ format: "png", width: size, height: size });
    }
    const apple = (await readdir(path.join(dist, "assets/icons"))).find((name) => name.startsWith("apple-touch-icon."))!;
    expect(await sharp(path.join(dist, "assets/icons", apple)).metadata()).toMatchObject({ width: 180, height: 180, hasAlpha: false });
  });

  it("has JSON-LD that parses and carries the business, FAQ, article and breadcrumb fields", async () => {
    const blocks = new Map<string, Json[]>();
    for (const file of htmlFiles) blocks.set(pagePath(file), jsonLd(await read(file)));
    for (const [page, list] of blocks) {
      for (const block of list) {
        expect(block["@context"], page).toBe("https://schema.org");
        expect(JSON.stringify(block), page).not.toContain("aggregateRating");
      }
    }

    const [business] = blocks.get("/")!;
    expect(business).toMatchObject({
      "@type": "HomeAndConstructionBusiness",
      name: "Gopher Guard Family Trapping",
      telephone: "+19515550142",
      email: "office@gopherguard.example.com",
      address: { addressLocality: "Winchester", addressRegion: "CA", postalCode: "92596", addressCountry: "US" },
      geo: { latitude: 33.7069, longitude: -117.0845 },
      url: `${SITE}/`,
    });
    expect(business!.areaServed).toHaveLength(towns);
    expect(business!.areaServed).toContainEqual({ "@type": "City", name: "Temecula, CA" });
    expect(business!.sameAs).toContain("https://www.yelp.com/biz/gopher-guard-family-trapping-winchester");
    expect(business).not.toHaveProperty("openingHoursSpecification");

    const serviceAreas = blocks.get("/service-areas")!;
    expect(serviceAreas.map((block) => block["@type"])).toEqual(["HomeAndConstructionBusiness", "FAQPage"]);
    expect(serviceAreas[1]!.mainEntity).toHaveLength(questions);
    expect(serviceAreas[1]!.mainEntity[0]).toEqual({
      "@type": "Question",
      name: "Do you use poison at my home?",
      acceptedAnswer: { "@type": "Answer", text: expect.stringContaining("trapping only") },
    });

    const cityPages = [...blocks].filter(([page]) => /^\/[a-z-]+-gopher-control$/.test(page) && !/^\/(residential|commercial)-/.test(page));
    expect(cityPages).toHaveLength(towns);
    for (const [page, list] of cityPages) {
      expect(list.map((block) => block["@type"]), page).toEqual(["BreadcrumbList"]);
      const items = list[0]!.itemListElement;
      expect(items.map((item: Json) => item.item), page).toEqual([`${SITE}/`, `${SITE}/service-areas`, `${SITE}${page}`]);
    }

    const articles = [...blocks].filter(([page]) => page.startsWith("/blog/"));
    expect(articles).toHaveLength(articleDates.size);
    for (const [page, list] of articles) {
      const [posting, breadcrumb] = list;
      expect(posting, page).toMatchObject({
        "@type": "BlogPosting",
        headline: expect.any(String),
        datePublished: articleDates.get(page.slice("/blog/".length)),
        author: { "@type": "Organization", name: "Gopher Guard Family Trapping" },
        mainEntityOfPage: `${SITE}${page}`,
      });
      expect(posting!.image[0], page).toMatch(/^https:.*\/assets\/share\/.*\.png$/);
      expect(breadcrumb!["@type"], page).toBe("BreadcrumbList");
      expect(breadcrumb!.itemListElement.map((item: Json) => item.name).slice(0, 2), page).toEqual(["Home", "Blog"]);
    }

    for (const page of ["/privacy-policy", "/terms-of-service"]) {
      const [breadcrumb] = blocks.get(page)!;
      expect(breadcrumb!.itemListElement.map((item: Json) => item.item)).toEqual([`${SITE}/`, `${SITE}${page}`]);
    }
    expect(blocks.get("/404")).toEqual([]);
  });

  it("lists exactly the generated pages but the 404 in the sitemap, which robots.txt names", async () => {
    const sitemap = await read("sitemap.xml");
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
    const pages = htmlFiles.filter((file) => file !== "404.html").map((file) => `${SITE}${pagePath(file)}`).sort();
    expect(listed).toEqual(pages);
    // Every page but the 404: home, service areas, about, blog, the two legal pages, each service, town and article.
    expect(listed).toHaveLength(4 + 2 + services + towns + articleDates.size);
    expect(await read("robots.txt")).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  it("has an Atom feed of the articles, each linking to its page", async () => {
    const feed = await read("blog/feed.xml");
    expect(feed).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/);
    const links = [...feed.matchAll(/<entry>[\s\S]*?<link rel="alternate" type="text\/html" href="([^"]+)"\/>/g)].map((match) => match[1]!);
    expect(links).toHaveLength(articleDates.size);
    for (const link of links) expect(htmlFiles).toContain(`${new URL(link).pathname.slice(1)}.html`);
  });

  it("writes _headers: immutable content-hashed assets, security headers and a CSP without inline scripts", async () => {
    const headers = await read("_headers");
    expect(headers).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
    for (const name of ["X-Content-Type-Options: nosniff", "Referrer-Policy:", "Permissions-Policy: geolocation=(self)", "X-Frame-Options: DENY"]) {
      expect(headers).toContain(name);
    }
    const scriptSrc = headers.match(/script-src ([^;]+);/)![1]!;
    expect(scriptSrc).not.toContain("unsafe");
    const assets = await readdir(path.join(dist, "assets"), { recursive: true, withFileTypes: true });
    for (const entry of assets.filter((file) => file.isFile())) expect(entry.name).toMatch(/\.[A-Za-z0-9]{10}\.[a-z0-9]+$/);
  });

  it("uses --site-url for the sitemap, robots.txt, feed and share links", async () => {
    const out = path.join(dir, "dist-org");
    await buildProject(dir, { siteUrl: "https://gophers.example.org", out });
    const text = (name: string) => readFileSync(path.join(out, name), "utf8");
    expect(text("sitemap.xml")).not.toContain(SITE);
    expect(text("sitemap.xml")).toContain("<loc>https://gophers.example.org/temecula-gopher-control</loc>");
    expect(text("robots.txt")).toContain("Sitemap: https://gophers.example.org/sitemap.xml");
    expect(text("blog/feed.xml")).toContain('<link rel="self" type="application/atom+xml" href="https://gophers.example.org/blog/feed.xml"/>');
    expect(meta(text("about.html"), "og:image")).toMatch(/^https:\/\/gophers\.example\.org\/assets\/share\//);
  });
});

describe("raster images", () => {
  /** A photo-like PNG: noise makes it unique, so the first build really encodes it. */
  async function fixturePng(width: number, height: number): Promise<Buffer> {
    const noise = randomBytes(width * height * 3);
    return sharp(noise, { raw: { width, height, channels: 3 } }).blur(4).png().toBuffer();
  }
  /** The cache entries whose files are renditions of `base`. */
  async function cacheEntries(base: string): Promise<string[]> {
    const names = existsSync(IMAGE_CACHE_DIR) ? await readdir(IMAGE_CACHE_DIR) : [];
    const matches = await Promise.all(
      names.map(async (name) => {
        const manifest = await readFile(path.join(IMAGE_CACHE_DIR, name, "manifest.json"), "utf8").catch(() => "");
        return manifest.includes(`"${base}-`) ? name : undefined;
      }),
    );
    return matches.filter((name): name is string => Boolean(name));
  }

  it("become AVIF and WebP in several widths with a fallback, sizes, dimensions and the right priority; cached", async () => {
    const base = `yard-${randomBytes(4).toString("hex")}`;
    await writeFile(path.join(dir, "public/images", `${base}.png`), await fixturePng(1000, 700));
    const homeYaml = path.join(dir, "content/pages/home.yaml");
    const original = await readFile(homeYaml, "utf8");
    await writeFile(
      homeYaml,
      original
        .replace("  text: Fast, poison-free trapping.", `  image: /images/${base}.png\n  imageAlt: A backyard lawn\n  text: Fast, poison-free trapping.`)
        .replace("    image: /images/before.svg", `    image: /images/${base}.png`),
    );
    try {
      await buildProject(dir);
      const home = await read("index.html");
      const pictures = [...home.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((match) => match[1]!);
      expect(pictures).toHaveLength(2);
      const [hero, below] = pictures;
      const widths = [480, 800, 1000];
      for (const [type, extension] of [["avif", "avif"], ["webp", "webp"]]) {
        const srcset = hero!.match(new RegExp(`<source type="image/${type}" srcSet="([^"]+)" sizes="\\(min-width: 1024px\\) 50vw, 100vw"/>`))![1]!;
        expect(srcset.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(widths.map((width) => `${width}w`));
        for (const candidate of srcset.split(", ")) {
          const [url, width] = candidate.split(" ");
          expect(url).toMatch(new RegExp(`^/assets/images/${base}-\\d+\\.[A-Za-z0-9]{10}\\.${extension}$`));
          expect(await sharp(path.join(dist, url!)).metadata()).toMatchObject({ width: parseInt(width!, 10) });
        }
      }
      expect(hero).toMatch(new RegExp(`<img class="hero-image" src="/assets/images/${base}-1000\\.[A-Za-z0-9]{10}\\.png" srcSet="[^"]+ 480w, [^"]+ 800w, [^"]+ 1000w"`));
      expect(hero).toContain('alt="A backyard lawn" width="1000" height="700" fetchPriority="high"/>');
      expect(below).toContain('width="1000" height="700" loading="lazy"/>');
      expect(below).not.toContain("fetchPriority");

      const [entry] = await cacheEntries(base);
      expect(await cacheEntries(base)).toHaveLength(1);
      const written = (await stat(path.join(IMAGE_CACHE_DIR, entry!, "manifest.json"))).mtimeMs;
      await buildProject(dir);
      expect(await cacheEntries(base)).toEqual([entry]);
      expect((await stat(path.join(IMAGE_CACHE_DIR, entry!, "manifest.json"))).mtimeMs).toBe(written);
      expect(await read("index.html")).toBe(home);
    } finally {
      await writeFile(homeYaml, original);
      // Each run's fixture is unique: leave no entry behind in the shared cache.
      for (const entry of await cacheEntries(base)) await removeDir(path.join(IMAGE_CACHE_DIR, entry));
    }
  }, 120_000);

  it("fail the build, naming the page, when a page uses an image that does not exist", async () => {
    const article = path.join(dir, `content/blog/${ARTICLE}.md`);
    const original = await readFile(article, "utf8");
    await writeFile(article, original.replace(/^image: .*$/m, "image: /images/blog/missing.png"));
    try {
      const error = await buildProject(dir, { write: false }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SiteError);
      const messages = (error as SiteError).problems.map((problem) => `${problem.file}  ${problem.message}`);
      expect(messages).toContain(
        `blog/${ARTICLE}.html  /blog/${ARTICLE} links to /images/blog/missing.png, which is not a page or file of the site`,
      );
    } finally {
      await writeFile(article, original);
    }
  });
});

describe("mistakes in the input about generated files", () => {
  it("refuses a public/ file that gopher-site writes itself, and a brand image that is not there", async () => {
    const robots = path.join(dir, "public/robots.txt");
    await writeFile(robots, "User-agent: *\n");
    const yamlFile = path.join(dir, "site.yaml");
    const yaml = await readFile(yamlFile, "utf8");
    try {
      const duplicate = await buildProject(dir, { write: false }).catch((caught: unknown) => caught);
      expect((duplicate as SiteError).problems).toEqual([
        { file: "public/robots.txt", message: "gopher-site writes robots.txt itself; remove this file from public/" },
      ]);
      await removeDir(robots);
      await writeFile(yamlFile, yaml.replace("shareImage: /images/share.svg", "shareImage: /images/nope.svg"));
      const missing = await buildProject(dir, { write: false }).catch((caught: unknown) => caught);
      expect((missing as SiteError).problems).toEqual([
        { file: expect.stringMatching(/site\.yaml$/), field: "brand.shareImage", message: "/images/nope.svg is not a file in public/" },
      ]);
    } finally {
      await removeDir(robots);
      await writeFile(yamlFile, yaml);
    }
  });
});
