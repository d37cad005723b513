import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

let dir: string;
const ARTICLE = "content/blog/60-day-warranty-explained.md";

/** Points the article at another picture, as the owner would by editing its front matter. */
async function useAsArticleImage(src: string): Promise<void> {
  const file = path.join(dir, ARTICLE);
  await writeFile(file, (await readFile(file, "utf8")).replace(/^image: .*$/m, `image: ${src}`));
}

async function putPicture(name: string, width: number, height: number): Promise<void> {
  const png = await sharp({ create: { width, height, channels: 3, background: "#166534" } }).png().toBuffer();
  await writeFile(path.join(dir, "public/images", name), png);
}

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  await putPicture("tall.png", 1000, 17000);
  await putPicture("strip.png", 100000, 1);
}, 60_000);

afterAll(() => removeDir(dir));

describe("pictures larger than WebP and AVIF take", () => {
  it("builds a picture taller than 16,383 pixels scaled down to fit, and says so on every build", async () => {
    await useAsArticleImage("/images/tall.png");
    const notice = "public/images/tall.png is 1000 × 17000 pixels; the site shows it at most 963 × 16371, as WebP and AVIF pictures can be at most 16,383 pixels on a side.";
    const first = await buildProject(dir, { displayFrom: dir });
    expect(first.notices).toContain(notice);
    const encoded = (await readdir(path.join(dir, "dist/assets/images"))).filter((name) => name.startsWith("tall-"));
    expect(encoded.map((name) => name.replace(/\.[^.]+\.(\w+)$/, ".$1")).sort()).toEqual(
      ["tall-480.avif", "tall-480.png", "tall-480.webp", "tall-800.avif", "tall-800.png", "tall-800.webp", "tall-963.avif", "tall-963.png", "tall-963.webp"],
    );
    for (const name of encoded.filter((name) => name.startsWith("tall-963."))) {
      const { width, height } = await sharp(path.join(dir, "dist/assets/images", name)).metadata();
      expect({ name, width, height }).toEqual({ name, width: 963, height: 16371 });
    }
    const page = await readFile(path.join(dir, "dist/blog/60-day-warranty-explained.html"), "utf8");
    expect(page).toMatch(/<img[^>]* width="963" height="16371"/);
    // The renditions are cached: the next build says it again.
    expect((await buildProject(dir, { displayFrom: dir })).notices).toContain(notice);
  }, 120_000);

  it("refuses a strip 100,000 pixels long and 1 high, naming the file and the limit, not as a bug", async () => {
    await useAsArticleImage("/images/strip.png");
    const failed = await buildProject(dir, { displayFrom: dir }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed?.name).toBe("SiteError");
    expect(failed?.message).toBe(
      "public/images/strip.png  is 100000 × 1 pixels, its long side more than 1,000 times its short one: too thin a strip for a page or a link preview; crop it to the part worth showing",
    );
  }, 60_000);
});

describe("SVG pictures, drawn for link previews and icons", () => {
  const svg = (width: string, height: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#166534"/></svg>`;

  it("draws one that says it is 30,000 pixels wide at the size it is shown, not at 900 megapixels", async () => {
    await writeFile(path.join(dir, "public/images/huge.svg"), svg("30000", "30000"));
    await useAsArticleImage("/images/huge.svg");
    const built = await buildProject(dir, { displayFrom: dir });
    const share = built.files.find((file) => file.path.startsWith("assets/share/huge"));
    expect(share?.path).toMatch(/\.png$/);
    const { width, height } = await sharp(path.join(dir, "dist", share!.path)).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  }, 120_000);

  it("refuses one too thin to draw, or of no size, naming the file, not as a bug", async () => {
    for (const [name, width, height, message] of [
      ["thin.svg", "1", "5000", "is 1200 × 6000000 pixels (7200 megapixels)"],
      ["dot.svg", "0.001", "0.001", "cannot be drawn as a picture"],
    ] as const) {
      await writeFile(path.join(dir, "public/images", name), svg(width, height));
      await useAsArticleImage(`/images/${name}`);
      const failed = await buildProject(dir, { displayFrom: dir }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failed?.name, name).toBe("SiteError");
      expect(failed?.message, name).toContain(`public/images/${name}  ${message}`);
    }
  }, 120_000);
});
