import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageTooLargeError, NotAnImageError, storeUploadedImage } from './image-processing.js';

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
