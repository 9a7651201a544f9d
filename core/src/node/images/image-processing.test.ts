import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageVariantFiles } from '../../images/images.js';
import { ImageTooLargeError, NotAnImageError, processImageHere, removeUploadedImage, socialCardPath, storeUploadedImage } from './image-processing.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-images-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3d5a80' } }).jpeg().toBuffer();

describe('storeUploadedImage ([images.processing])', () => {
  it('processes concurrent uploads one at a time, in arrival order', async () => {
    // The first is by far the slowest: run side by side, the small ones would end first.
    const inputs = [await jpeg(6000, 4000), ...(await Promise.all(Array.from({ length: 7 }, () => jpeg(64, 48))))];
    const finished: number[] = [];
    await Promise.all(inputs.map((input, i) => storeUploadedImage(input, path.join(dir, 'uploads'), `slide${i + 1}`).then(() => finished.push(i))));
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads the upload from a file path and reports its size', async () => {
    const file = path.join(dir, 'spooled');
    const bytes = await jpeg(3000, 2000);
    writeFileSync(file, bytes);
    const stored = await storeUploadedImage(file, path.join(dir, 'uploads'), 'hero');
    expect(stored).toMatchObject({ width: 2560, height: 1707, originalSize: bytes.length });
  });

  it('refuses 60 megapixels from the header, and a failed upload does not stall the queue', async () => {
    const huge = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 1 }).toBuffer();
    const results = await Promise.allSettled([
      storeUploadedImage(huge, path.join(dir, 'uploads'), 'hero'),
      storeUploadedImage(Buffer.from('not an image'), path.join(dir, 'uploads'), 'hero'),
      storeUploadedImage(await jpeg(640, 480), path.join(dir, 'uploads'), 'hero'),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: expect.any(ImageTooLargeError) });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(NotAnImageError) });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { width: 640, height: 480 } });
  });
});

describe('responsive files of an upload ([images.variants])', () => {
  const uploads = () => path.join(dir, 'uploads');
  const fileOf = (urlPath: string) => path.join(uploads(), urlPath.replace('/uploads/', ''));

  it('stores every default width in AVIF, WebP and JPEG, each decoding at its width, under a content hash', async () => {
    const stored = await processImageHere(await jpeg(3000, 2000), uploads(), 'hero');
    expect(stored.path).toMatch(/^\/uploads\/hero-[0-9a-f]{16}\.jpg$/);
    expect(stored.variants).toEqual({ width: 2560, height: 1707, widths: [480, 960, 1600], formats: ['avif', 'webp', 'jpeg'] });
    const files = imageVariantFiles(stored.path, stored.variants);
    expect(files).toHaveLength(9);
    for (const file of files) {
      const meta = await sharp(fileOf(file.path)).metadata();
      expect({ path: file.path, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        path: file.path,
        format: file.format === 'avif' ? 'heif' : file.format,
        width: file.width,
        height: Math.round((file.width * 2000) / 3000),
      });
      if (file.format === 'avif') expect(meta.compression).toBe('av1');
    }
    // The full-size pair stays, with the social card's 1200 × 630 crop ([listing.social-card]); no temporary file is left.
    const card = socialCardPath(stored.path) ?? '';
    expect(readdirSync(uploads()).sort()).toEqual(
      [stored.path, stored.webpPath, card, ...files.map((f) => f.path)].map((p) => p.replace('/uploads/', '')).sort(),
    );
    expect(await sharp(fileOf(card)).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    // What a modern browser downloads at full width: the largest AVIF.
    expect(stored.compressedSize).toBe(statSync(fileOf('/uploads/' + path.basename(stored.path, '.jpg') + '-1600.avif')).size);
  });

  it('never enlarges: a narrow image keeps its own width as the largest, portrait images keep their shape', async () => {
    const small = await processImageHere(await jpeg(640, 480), uploads(), 'slide3');
    expect(small.variants).toMatchObject({ width: 640, height: 480, widths: [480, 640] });
    expect((await sharp(fileOf(imageVariantFiles(small.path, small.variants).at(-1)!.path)).metadata()).width).toBe(640);
    const portrait = await processImageHere(await jpeg(2000, 3000), uploads(), 'slide4');
    expect(portrait.variants).toMatchObject({ width: 1707, height: 2560, widths: [480, 960, 1600] });
    expect(await sharp(fileOf(imageVariantFiles(portrait.path, portrait.variants).at(-1)!.path)).metadata()).toMatchObject({ width: 1600, height: 2400 });
  });

  it('names the same content the same, and different content differently', async () => {
    const bytes = await jpeg(800, 600);
    const first = await processImageHere(bytes, uploads(), 'hero');
    const again = await processImageHere(bytes, uploads(), 'hero');
    const other = await processImageHere(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ee6c4d' } }).jpeg().toBuffer(), uploads(), 'hero');
    expect(again.path).toBe(first.path);
    expect(other.path).not.toBe(first.path);
    expect(existsSync(fileOf(first.path))).toBe(true);
  });

  it('writes nothing for an image that cannot be decoded', async () => {
    const whole = await jpeg(1200, 800);
    await expect(processImageHere(whole.subarray(0, Math.floor(whole.length / 2)), uploads(), 'hero')).rejects.toBeInstanceOf(NotAnImageError);
    expect(existsSync(uploads()) ? readdirSync(uploads()) : []).toEqual([]);
  });

  it('removes every file of one upload and nothing else', async () => {
    const kept = await processImageHere(await jpeg(1000, 700), uploads(), 'hero');
    const gone = await processImageHere(await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#293241' } }).jpeg().toBuffer(), uploads(), 'hero');
    // An upload stored before the responsive files: a JPEG and a WebP.
    mkdirSync(uploads(), { recursive: true });
    writeFileSync(path.join(uploads(), 'kitchen-0123456789abcdef.jpg'), 'x');
    writeFileSync(path.join(uploads(), 'kitchen-0123456789abcdef.webp'), 'x');
    const before = readdirSync(uploads()).length;
    const removed = await removeUploadedImage(uploads(), gone.path);
    expect(removed).toHaveLength(12);
    expect(removed).toContain(path.basename(socialCardPath(gone.path) ?? ''));
    expect(readdirSync(uploads())).toHaveLength(before - 12);
    for (const file of imageVariantFiles(kept.path, kept.variants)) expect(existsSync(fileOf(file.path))).toBe(true);
    expect(await removeUploadedImage(uploads(), '/uploads/kitchen-0123456789abcdef.jpg')).toEqual(['kitchen-0123456789abcdef.jpg', 'kitchen-0123456789abcdef.webp']);
    expect(await removeUploadedImage(uploads(), '/images/defaults/hero.jpg')).toEqual([]);
    expect(await removeUploadedImage(uploads(), '/uploads/../secret.jpg')).toEqual([]);
  });
});
