import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";

/** A small real picture of one colour, in each format the editor takes. */
export function smallPicture(format: "jpeg" | "png" | "webp" | "avif", background = "#166534"): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background } }).toFormat(format).toBuffer();
}

/**
 * A decompression bomb: a valid black-and-white PNG of `width` × `height` pixels, all black, a few
 * kilobytes on disk. Written by hand: sharp would take seconds to encode one this large.
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // 1 bit per pixel, greyscale (colour type 0), no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), chunk("IHDR", header), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
