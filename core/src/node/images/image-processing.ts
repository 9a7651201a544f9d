import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type AvifOptions, type JpegOptions, type Metadata, type OutputInfo, type Sharp, type WebpOptions } from 'sharp';
import { IMAGE_FORMATS, variantWidths, type ImageFormat, type ImageVariants } from '../../images/images.js';
import { threadEntry } from '../platform/thread-entry.js';

/** Largest upload accepted, in bytes ([images.upload]: 25 MB). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Long edge of a stored image, in pixels. */
export const MAX_IMAGE_EDGE = 2560;
/**
 * Largest input accepted, in pixels: what a camera makes (about 50 MP; a 24 MP photo is 24e6),
 * so one decode stays within the memory of a 1 GB VPS ([images.processing]: a 119 MP PNG took the server
 * from 131 to 514 MB). Also refuses decompression bombs.
 */
export const MAX_INPUT_PIXELS = 52_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export class NotAnImageError extends Error {
  constructor() {
    super('The file is not an image (JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF)');
    this.name = 'NotAnImageError';
  }
}

/** An image with more than MAX_INPUT_PIXELS pixels; `message` is shown to the owner. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(
      `The image is ${width} × ${height} pixels (${(width * height / 1e6).toFixed(1)} megapixels); the largest accepted is ${MAX_INPUT_PIXELS / 1e6} megapixels, about what a camera makes. Please resize it and upload it again.`,
    );
    this.name = 'ImageTooLargeError';
  }
}

let sharpLimited = false;
/**
 * Keeps libvips' memory to one image's worth ([images.processing]): no operation cache (an upload is
 * never processed twice) and one worker thread per image, so a decode is not multiplied by the
 * core count. Process-wide sharp settings, applied on the first upload, not on import.
 */
function limitSharpMemory(): void {
  if (sharpLimited) return;
  sharp.cache(false);
  sharp.concurrency(1);
  sharpLimited = true;
}

/** Longest one image may take in its child process, ms (a 50 MP PNG takes ~1.5 s). */
const IMAGE_TIMEOUT_MS = 120_000;

/** What processInChild sends its child process (image-process-child.ts). */
export interface ImageRequest {
  id: number;
  /** a file path, or the bytes */
  input: string | Uint8Array;
  uploadsDir: string;
  slot: string;
}
/** What the child answers: the stored image, or its error as data. */
export type ImageReply =
  | { id: number; ok: true; stored: StoredImage }
  | { id: number; ok: false; kind: 'not-image' } | { id: number; ok: false; kind: 'too-large'; width: number; height: number } | { id: number; ok: false; kind: 'error'; message: string };

let queueTail: Promise<unknown> = Promise.resolve();
/**
 * Runs `task` after every task queued before it has ended (FIFO, one at a time): eight
 * concurrent uploads cost one decode's memory at a time instead of eight ([images.processing]).
 */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queueTail.then(task, task);
  queueTail = run.catch(() => undefined);
  return run;
}

/**
 * Re-encodes one image in a child process of its own (image-process-child.ts), which exits
 * afterwards: everything libvips took is given back to the system at once. In the server's own
 * process, glibc keeps the fragmented decode buffers (measured: 114 → 527 MB after eight 50 MP
 * uploads; a child kept for the whole batch still grew to 225 MB). Its glibc arenas are capped
 * (MALLOC_ARENA_MAX=2, as sharp's documentation advises on glibc).
 * @throws NotAnImageError, ImageTooLargeError as processImageHere; Error when the child fails
 */
async function processInChild(input: Buffer | string, uploadsDir: string, slot: string): Promise<StoredImage> {
  const entry = threadEntry('image-process-child', import.meta.url);
  const execArgv = entry.compiled ? [] : ['--import', `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(entry.register)});`)}`];
  const child = fork(entry.file, [], {
    execArgv,
    serialization: 'advanced',
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const reply = await new Promise<ImageReply>((resolve, reject) => {
      // A stuck decode must not hold every later upload: the child is ended (below) past this.
      const timer = setTimeout(() => reject(new Error(`The image took longer than ${IMAGE_TIMEOUT_MS / 1000} seconds to process`)), IMAGE_TIMEOUT_MS);
      child.once('exit', () => clearTimeout(timer));
      child.once('message', (message: ImageReply) => resolve(message));
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`The image process stopped (${signal ?? `exit code ${code}`})`)));
      child.send({ id: 1, input, uploadsDir, slot } satisfies ImageRequest);
    });
    if (reply.ok) return reply.stored;
    if (reply.kind === 'not-image') throw new NotAnImageError();
    if (reply.kind === 'too-large') throw new ImageTooLargeError(reply.width, reply.height);
    throw new Error(reply.message);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      // The next image starts only once this one's memory is back.
      await exited;
    }
  }
}

/** The social card's picture size ([listing.social-card]): Open Graph's recommended 1200 × 630. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;
/** `/uploads/NAME.jpg`'s social card is `/uploads/NAME-card.jpg`. */
export const SOCIAL_CARD_SUFFIX = '-card.jpg';

/** The social card picture of an uploaded image's path (`/uploads/NAME.jpg` → `/uploads/NAME-card.jpg`); undefined for a non-upload. */
export function socialCardPath(urlPath: string): string | undefined {
  const name = uploadName(urlPath);
  return name ? `/uploads/${name}${SOCIAL_CARD_SUFFIX}` : undefined;
}

export interface StoredImage {
  /**
   * URL path of the full-size JPEG, e.g. `/uploads/hero-3f9c….jpg`: 16 hex digits of the SHA-256
   * of everything stored for it, so the name changes whenever the content does (served immutable).
   * The full-size WebP sits beside it, and the responsive files of `variants` too.
   */
  path: string;
  webpPath: string;
  /** size of the full-size files, px (long edge at most MAX_IMAGE_EDGE) */
  width: number;
  height: number;
  /** The responsive files stored ([images.variants]): DEFAULT_IMAGE_WIDTHS × AVIF, WebP, JPEG. */
  variants: ImageVariants;
  /** bytes */
  originalSize: number;
  /** bytes of the largest AVIF (what a modern browser downloads at full width) */
  compressedSize: number;
}

/**
 * Encoder settings of the responsive files, those of the default photos ([images.variants]) but
 * for AVIF's effort: 2 instead of 3 encodes the three widths in about 1 s instead of 2.6 s on the
 * 2-core build machine for about 5% more bytes, which keeps the upload request short.
 */
const VARIANT_ENCODERS: Record<ImageFormat, { ext: string; encode: (image: Sharp) => Sharp }> = {
  avif: { ext: 'avif', encode: (image) => image.avif({ quality: 50, effort: 2 } satisfies AvifOptions) },
  webp: { ext: 'webp', encode: (image) => image.webp({ quality: 72 } satisfies WebpOptions) },
  jpeg: { ext: 'jpg', encode: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true } satisfies JpegOptions) },
};
const VARIANT_FORMATS: ImageFormat[] = [...IMAGE_FORMATS];

/**
 * Checks that `input` is an image by its content (not its name), re-encodes it — EXIF rotation
 * applied, metadata stripped, long edge at most MAX_IMAGE_EDGE — as WebP plus a JPEG fallback,
 * and in the default photos' widths as AVIF, WebP and JPEG ([images.variants]), and writes them
 * under `uploadsDir` with a name made of `slot` and a hash of the content. Nothing is written
 * unless every file could be encoded; a file that cannot be written removes those already
 * written. Uploads are processed one at a time
 * in arrival order (a later call waits for the earlier ones), each decoded once, each in a child
 * process of its own ([images.processing]).
 * @param input the file's bytes, or the path of a file holding them (uses less memory)
 * @param slot used only as a readable prefix of the generated name
 * @throws NotAnImageError when sharp cannot read it as one of the accepted formats
 * @throws ImageTooLargeError over MAX_INPUT_PIXELS pixels (read from the header, before decoding)
 */
export function storeUploadedImage(input: Buffer | string, uploadsDir: string, slot: string): Promise<StoredImage> {
  return oneAtATime(() => processInChild(input, uploadsDir, slot));
}

/** storeUploadedImage's work in the calling process, at once (the child process runs this). */
export async function processImageHere(input: Buffer | string, uploadsDir: string, slot: string): Promise<StoredImage> {
  limitSharpMemory();
  let meta: Metadata;
  try {
    // The header only: nothing is decoded yet.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new NotAnImageError();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(width, height);

  let webp: Buffer;
  let jpeg: { data: Buffer; info: OutputInfo };
  const variantFiles: { suffix: string; format: ImageFormat; data: Buffer }[] = [];
  let widths: number[];
  let card: Buffer;
  try {
    // Decode, orient and shrink once into raw pixels (at most 2560² × 4 bytes), then encode both
    // formats one after the other from that: one full-size decode per upload, never two at once.
    const resized = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, sequentialRead: true })
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
    webp = await sharp(resized.data, raw).webp({ quality: 80 }).toBuffer();
    jpeg = await sharp(resized.data, raw).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer({ resolveWithObject: true });
    // Each width resized once from the same pixels, then encoded in every format. The encoders of
    // one width (at most 1,600 px wide) run side by side, each on one libvips thread
    // (sharp.concurrency(1)), so a 2-core machine does them in about half the time; the full-size
    // encodes above stay one after the other, which keeps the process's peak memory down.
    widths = variantWidths(resized.info.width);
    for (const width of widths) {
      const scaled =
        width === resized.info.width
          ? resized
          : await sharp(resized.data, raw).resize({ width, kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
      const scaledRaw = { raw: { width: scaled.info.width, height: scaled.info.height, channels: scaled.info.channels } };
      const encoded = await Promise.all(
        VARIANT_FORMATS.map(async (format) => {
          const encoder = VARIANT_ENCODERS[format];
          return { suffix: `-${width}.${encoder.ext}`, format, data: await encoder.encode(sharp(scaled.data, scaledRaw)).toBuffer() };
        }),
      );
      variantFiles.push(...encoded);
    }
    // The social card's picture ([listing.social-card]): 1200 × 630, cropped to the middle.
    card = await sharp(resized.data, raw)
      .resize({ width: SOCIAL_CARD_SIZE.width, height: SOCIAL_CARD_SIZE.height, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true, progressive: true })
      .toBuffer();
  } catch {
    throw new NotAnImageError();
  }

  // The full-size JPEG, the image's path, is written last: once it is there, all of them are.
  const files: { suffix: string; data: Buffer }[] = [{ suffix: '.webp', data: webp }, ...variantFiles, { suffix: SOCIAL_CARD_SUFFIX, data: card }, { suffix: '.jpg', data: jpeg.data }];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.suffix).update(file.data);
  const name = `${slot.replace(/[^a-z0-9]/gi, '').slice(0, 20) || 'image'}-${hash.digest('hex').slice(0, 16)}`;
  await mkdir(uploadsDir, { recursive: true });
  // Content-addressed: the same image uploaded to the same slot again names the same files,
  // which are there already; they are left as they are.
  const already = await stat(path.join(uploadsDir, `${name}.jpg`)).then(() => true, () => false);
  if (!already) await writeAllOrNone(uploadsDir, name, files);
  const largestAvif = variantFiles.filter((f) => f.format === 'avif').at(-1);
  const variants: ImageVariants = { width: jpeg.info.width, height: jpeg.info.height, widths, formats: [...VARIANT_FORMATS] };
  return {
    path: `/uploads/${name}.jpg`,
    webpPath: `/uploads/${name}.webp`,
    width: jpeg.info.width,
    height: jpeg.info.height,
    variants,
    originalSize: typeof input === 'string' ? (await stat(input)).size : input.length,
    compressedSize: largestAvif?.data.length ?? webp.length,
  };
}

/**
 * Writes `NAME{suffix}` for every file, each under a temporary name first and then renamed, so a
 * half-written file is never served; when one cannot be written, those already written are removed.
 */
async function writeAllOrNone(dir: string, name: string, files: { suffix: string; data: Buffer }[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const { suffix, data } of files) {
      const tmp = path.join(dir, `.${name}${suffix}.tmp`);
      const final = path.join(dir, `${name}${suffix}`);
      written.push(tmp, final);
      await writeFile(tmp, data);
      await rename(tmp, final);
    }
  } catch (err) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw err;
  }
}

/** `NAME` of `/uploads/NAME.jpg` or `/uploads/NAME.webp`; undefined for anything else. */
function uploadName(urlPath: string): string | undefined {
  return /^\/uploads\/([A-Za-z0-9-]+)\.(?:jpg|webp)$/.exec(urlPath)?.[1];
}

/**
 * Removes every file of the uploaded image at `urlPath` (`/uploads/NAME.jpg`) from `uploadsDir`:
 * the full-size JPEG and WebP and the responsive files `NAME-{width}.{avif|webp|jpg}`
 * ([images.variants]: a replaced image leaves nothing behind). Files of other images are never
 * touched (names are matched exactly); a path that is not an upload's removes nothing.
 * @returns the file names removed
 * @throws Error naming the files that could not be removed (the others are removed)
 */
export async function removeUploadedImage(uploadsDir: string, urlPath: string): Promise<string[]> {
  const name = uploadName(urlPath);
  if (!name) return [];
  const own = new RegExp(`^${name}(?:-\\d+|-card)?\\.(?:jpg|webp|avif)$`);
  let entries: string[];
  try {
    entries = await readdir(uploadsDir);
  } catch {
    return [];
  }
  const mine = entries.filter((entry) => own.test(entry));
  const results = await Promise.allSettled(mine.map((entry) => rm(path.join(uploadsDir, entry), { force: true })));
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${mine[i]}: ${(r.reason as Error).message}`] : []));
  if (failed.length > 0) throw new Error(`Could not remove ${failed.join('; ')}`);
  return mine;
}

