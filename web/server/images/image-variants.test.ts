import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageVariantFiles, responsiveImage, type ImageConfigResponse } from '@ridgeline/core';
import { imageConfigSchema } from '@ridgeline/core/api';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';

/** Uploaded photos in the default photos' widths and formats ([images.variants]). */
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  ({ admin, ...t } = await createSignedInTestApp());
});
afterEach(() => t.cleanup());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const uploadedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);
const photo = (width: number, height: number, background = '#3d5a80') =>
  sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f2a541"/></svg>`) }])
    .jpeg()
    .toBuffer();
const config = async (): Promise<ImageConfigResponse> => imageConfigSchema.parse((await request(t.app).get('/api/images/config').expect(200)).body);
const upload = (slot: string, bytes: Buffer, name = 'photo.jpg') => admin.post('/api/upload-image').field('imageId', slot).attach('image', bytes, name);
/** The files an upload's path and variants name, and its social card ([listing.social-card]), as file names in DATA_DIR/uploads. */
function filesOf(newPath: string, cfg: ImageConfigResponse): string[] {
  const variants = cfg.variants?.[newPath];
  if (!variants) throw new Error(`no variants for ${newPath}`);
  return [newPath, newPath.replace(/\.jpg$/, '.webp'), newPath.replace(/\.jpg$/, '-card.jpg'), ...imageVariantFiles(newPath, variants).map((f) => f.path)]
    .map((p) => p.replace('/uploads/', ''))
    .sort();
}

describe('uploaded photos in the default widths and formats ([images.variants])', () => {
  it('stores each width in AVIF, WebP and JPEG, lists them in the image config and serves them immutable', async () => {
    const res = await upload('hero', await photo(3000, 2000)).expect(200);
    const newPath = res.body.newPath as string;
    const cfg = await config();
    expect(cfg.property.hero).toBe(newPath);
    expect(cfg.variants?.[newPath]).toEqual({ width: 2560, height: 1707, widths: [480, 960, 1600], formats: ['avif', 'webp', 'jpeg'] });
    const files = imageVariantFiles(newPath, cfg.variants![newPath]!);
    expect(files.map((f) => `${f.format}@${f.width}`)).toEqual(['avif@480', 'avif@960', 'avif@1600', 'webp@480', 'webp@960', 'webp@1600', 'jpeg@480', 'jpeg@960', 'jpeg@1600']);
    for (const file of files) {
      const served = await request(t.app)
        .get(file.path)
        .expect(200)
        .expect('Content-Type', { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[file.format]);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.body as Buffer).metadata();
      expect({ file: file.path, width: meta.width, height: meta.height, format: meta.format }).toEqual({
        file: file.path,
        width: file.width,
        height: Math.round((file.width * 2) / 3),
        format: file.format === 'avif' ? 'heif' : file.format,
      });
    }
    // The name is the content's: 16 hex digits of its hash.
    expect(newPath).toMatch(/^\/uploads\/hero-[0-9a-f]{16}\.jpg$/);
    expect(uploadedFiles()).toEqual(filesOf(newPath, cfg));
    // compressedSize: the largest AVIF.
    expect(res.body.compressedSize).toBe(Number((await request(t.app).get(files[2]!.path)).headers['content-length']));
  });

  it("gives an uploaded image's <picture> the same sources as a built-in photo's", async () => {
    const newPath = (await upload('slide2', await photo(2400, 1600)).expect(200)).body.newPath as string;
    const cfg = await config();
    // What the home page's <picture> renders (web/src/components/ui/responsive-picture.tsx).
    const uploaded = responsiveImage(cfg.carousel.slide2!, cfg.variants?.[cfg.carousel.slide2!]);
    const builtIn = responsiveImage('/images/defaults/slide2.jpg');
    const generic = (srcSet: string) => srcSet.replace(/\/[^ ]+-(\d+)\.(avif|webp|jpg) /g, 'FILE-$1.$2 ');
    expect(uploaded.sources.map((s) => [s.type, generic(s.srcSet)])).toEqual(builtIn.sources.map((s) => [s.type, generic(s.srcSet)]));
    expect(uploaded.sources.flatMap((s) => s.srcSet.split(', ').map((entry) => entry.split(' ')[0]))).toEqual(
      imageVariantFiles(newPath, cfg.variants![newPath]!).map((f) => f.path),
    );
    for (const source of uploaded.sources)
      for (const entry of source.srcSet.split(', ')) await request(t.app).get(entry.split(' ')[0]!).expect(200);
  });

  it("removes a replaced image's files and keeps the new one's", async () => {
    await upload('kitchen', await photo(720, 480, '#98c1d9')).expect(200);
    const first = (await upload('hero', await photo(720, 480, '#293241')).expect(200)).body.newPath as string;
    const firstFiles = filesOf(first, await config());
    const kitchenFiles = uploadedFiles().filter((f) => !firstFiles.includes(f));
    expect(kitchenFiles).toHaveLength(9);

    const second = (await upload('hero', await photo(720, 480, '#ee6c4d')).expect(200)).body.newPath as string;
    expect(second).not.toBe(first);
    const cfg = await config();
    expect(cfg.property.hero).toBe(second);
    expect(cfg.variants?.[first]).toBeUndefined();
    expect(uploadedFiles()).toEqual([...kitchenFiles, ...filesOf(second, cfg)].sort());
    await request(t.app).get(first).expect(404);

    // The same photo again: the same name, its files kept.
    const again = (await upload('hero', await photo(720, 480, '#ee6c4d')).expect(200)).body.newPath as string;
    expect(again).toBe(second);
    expect(uploadedFiles()).toEqual([...kitchenFiles, ...filesOf(second, cfg)].sort());

    // Another slot's photo was never touched.
    expect(kitchenFiles).toEqual(filesOf(cfg.property.kitchen, cfg));
  });

  it('answers 400 for an image that cannot be decoded and changes nothing, the old image staying', async () => {
    const old = (await upload('hero', await photo(1200, 800)).expect(200)).body.newPath as string;
    const before = await config();
    const files = uploadedFiles();
    const whole = await photo(2000, 1400, '#e0fbfc');
    // A JPEG whose header is whole but whose data stops halfway.
    const res = await upload('hero', whole.subarray(0, Math.floor(whole.length / 2)), 'cut.jpg').expect(400);
    expect(res.body).toMatchObject({ success: false, field: 'image', error: expect.stringMatching(/not an image/) });
    expect(await config()).toEqual(before);
    expect(before.property.hero).toBe(old);
    expect(uploadedFiles()).toEqual(files);
    expect(readdirSync(path.join(t.config.dataDir, 'upload-spool'))).toEqual([]);
    await request(t.app).get(old).expect(200);
  });

  it('keeps the sources of an upload stored before the responsive files (JPEG + WebP) and removes both when it is replaced', async () => {
    const { setImageSlot } = await import('@ridgeline/core/node');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(uploadsDir(), { recursive: true });
    const legacy = '/uploads/golf-0123456789abcdef.jpg';
    writeFileSync(path.join(uploadsDir(), 'golf-0123456789abcdef.jpg'), await photo(640, 480));
    writeFileSync(path.join(uploadsDir(), 'golf-0123456789abcdef.webp'), await sharp(await photo(640, 480)).webp().toBuffer());
    setImageSlot(t.db, 'golf', legacy);
    const cfg = await config();
    expect(cfg.location.golf).toBe(legacy);
    expect(cfg.variants?.[legacy]).toBeUndefined();
    expect(responsiveImage(legacy, cfg.variants?.[legacy]).sources).toEqual([{ type: 'image/webp', srcSet: '/uploads/golf-0123456789abcdef.webp' }]);

    const replaced = (await upload('golf', await photo(900, 600)).expect(200)).body.newPath as string;
    expect(uploadedFiles()).toEqual(filesOf(replaced, await config()));
  });
});
