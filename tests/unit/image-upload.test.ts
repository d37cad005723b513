import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkPicture, headerProblem } from "../../src/editor/image-upload.ts";
import { pngBomb, smallPicture } from "../helpers/pictures.ts";

describe("an uploaded picture", () => {
  it.each([
    ["jpeg", "jpg"],
    ["png", "png"],
    ["webp", "webp"],
    ["avif", "avif"],
  ] as const)("is taken when it is a real %s picture", async (format, kind) => {
    expect(await checkPicture(await smallPicture(format))).toEqual({ kind, width: 8, height: 8 });
  });

  it("is refused when it is not a picture at all", async () => {
    expect(await checkPicture(new TextEncoder().encode("<svg onload=alert(1)></svg>"))).toEqual({ problem: "only JPEG, PNG, WebP or AVIF pictures can be uploaded" });
  });

  it("is refused when its bytes start like a JPEG but sharp cannot read it", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("not really a photo")]);
    expect(await checkPicture(fake)).toEqual({
      problem: "this JPEG picture cannot be read: the file is damaged or cut short, or holds a kind of picture the site cannot use (an iPhone's HEIC, say); open it and export it again as JPEG",
    });
  });

  it("is refused when it is cut short after a whole header (the build could not make its sizes)", async () => {
    const noise = Buffer.alloc(256 * 256 * 3).map((_, i) => (i * 2654435761) >>> 24);
    const photo = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } }).jpeg().toBuffer();
    const cut = photo.subarray(0, photo.length / 2);
    expect((await sharp(cut).metadata()).format).toBe("jpeg");
    expect(await checkPicture(cut)).toMatchObject({ problem: expect.stringMatching(/^this JPEG picture cannot be read: the file is damaged or cut short/) });
  });

  it("is refused when it has more than 120 megapixels, before it is decoded (a decompression bomb); up to that it is scaled down", async () => {
    const bomb = pngBomb(12_000, 11_000);
    expect(bomb.length).toBeLessThan(40_000);
    expect(await checkPicture(bomb)).toEqual({
      problem: "the picture is 12000 × 11000 pixels (132 megapixels), more than the 120 megapixels the editor can scale down; make it smaller first (2400 pixels wide is plenty for a website)",
    });
    expect(await checkPicture(pngBomb(5_000, 5_000))).toEqual({ kind: "png", width: 5_000, height: 5_000 });
  });

  it("is refused, as the build refuses it, when it is a strip too thin for a page or a link preview", async () => {
    const strip = await sharp({ create: { width: 100_000, height: 1, channels: 3, background: "#166534" } }).png().toBuffer();
    expect(await checkPicture(strip)).toEqual({
      problem: "the picture is 100000 × 1 pixels, its long side more than 1,000 times its short one: too thin a strip for a page or a link preview; crop it to the part worth showing",
    });
  });

  it("is taken when it is taller than WebP and AVIF take: the build shows it scaled down", async () => {
    const tall = await sharp({ create: { width: 1000, height: 17_000, channels: 3, background: "#166534" } }).png().toBuffer();
    expect(await checkPicture(tall)).toMatchObject({ kind: "png" });
  });

  it("is refused when sharp reads another format than its signature claims", () => {
    expect(headerProblem("png", { format: "jpeg", width: 8, height: 8 })).toBe(
      "this file claims to be a PNG picture but holds JPEG; open it and export it again as JPEG, PNG, WebP or AVIF",
    );
    expect(headerProblem("avif", { format: "heif", compression: "hevc", width: 8, height: 8 })).toBe(
      "this file claims to be an AVIF picture but holds HEIF (hevc); open it and export it again as JPEG, PNG, WebP or AVIF",
    );
    expect(headerProblem("avif", { format: "heif", compression: "av1", width: 8, height: 8 })).toBeUndefined();
  });
});
