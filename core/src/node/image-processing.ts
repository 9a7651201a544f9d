import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';

/** Largest upload accepted, in bytes (admin issue: 25 MB). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Long edge of a stored image, in pixels. */
export const MAX_IMAGE_EDGE = 2560;
/** Refuse decompression bombs: at most this many input pixels (a 24 MP photo is ~24e6). */
const MAX_INPUT_PIXELS = 120_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export class NotAnImageError extends Error {
  constructor() {
    super('The file is not an image (JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF)');
    this.name = 'NotAnImageError';
  }
}

export interface StoredImage {
  /** URL path of the JPEG fallback, e.g. `/uploads/hero-3f9c….jpg`; the WebP sits beside it. */
  path: string;
  webpPath: string;
  width: number;
  height: number;
  /** bytes */
  originalSize: number;
  /** bytes of the WebP (what modern browsers download) */
  compressedSize: number;
}

/**
 * Checks that `input` is an image by its content (not its name), re-encodes it — EXIF rotation
 * applied, metadata stripped, long edge at most MAX_IMAGE_EDGE — as WebP plus a JPEG fallback,
 * and writes both under `uploadsDir` with a generated name.
 * @param slot used only as a readable prefix of the generated name
 * @throws NotAnImageError when sharp cannot read it as one of the accepted formats
 */
export async function storeUploadedImage(input: Buffer, uploadsDir: string, slot: string): Promise<StoredImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new NotAnImageError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();

  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
  let webp: { data: Buffer; info: OutputInfo };
  let jpeg: { data: Buffer; info: OutputInfo };
  try {
    [webp, jpeg] = await Promise.all([
      base.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer({ resolveWithObject: true }),
    ]);
  } catch {
    throw new NotAnImageError();
  }

  await mkdir(uploadsDir, { recursive: true });
  const name = `${slot.replace(/[^a-z0-9]/gi, '').slice(0, 20) || 'image'}-${randomBytes(8).toString('hex')}`;
  // Write under temporary names, then rename, so a half-written file is never served.
  for (const [ext, out] of [['webp', webp], ['jpg', jpeg]] as const) {
    const tmp = path.join(uploadsDir, `.${name}.${ext}.tmp`);
    await writeFile(tmp, out.data);
    await rename(tmp, path.join(uploadsDir, `${name}.${ext}`));
  }
  return {
    path: `/uploads/${name}.jpg`,
    webpPath: `/uploads/${name}.webp`,
    width: jpeg.info.width,
    height: jpeg.info.height,
    originalSize: input.length,
    compressedSize: webp.data.length,
  };
}
