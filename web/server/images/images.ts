import type { ImageConfigResponse } from '@ridgeline/core';
import {
  ImageTooLargeError,
  NotAnImageError,
  getImageConfig,
  isImagePathInUse,
  removeCarouselSlot,
  removeUploadedImage,
  replaceSlotImage,
  setImageSlot,
  storeUploadedImage,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The site's images ([images.config], [images.upload], [images.carousel-slots]) over the image
 * store, the uploads folder and the app's clock, for `images.routes.ts`.
 */

/** The largest upload accepted, in bytes (25 MB, [images.upload]). */
export { MAX_UPLOAD_BYTES } from '@ridgeline/core/node';

/** The image config of [images.config]; empty paths mean the default. */
export function imageConfig(deps: Pick<AppDeps, 'db'>): ImageConfigResponse {
  return getImageConfig(deps.db);
}

/** An upload stored: its public path and sizes in bytes. */
export interface StoredUpload {
  ok: true;
  newPath: string;
  originalSize: number;
  compressedSize: number;
}

/**
 * Processes the spooled upload `file` into the responsive widths and formats of [images.variants]
 * under `uploadsDir`, and puts it in slot `imageId`, as of the app's clock; the files of the image
 * it replaces are removed (one that cannot be is logged, not a failure).
 * @returns the stored upload, or `{ ok: false, reason: 'not-an-image' }` (400: not an image or
 *   undecodable) / `'too-large'` (413: over MAX_INPUT_PIXELS, [images.processing]), nothing changed
 * @throws for an unknown slot or a failed write, after removing the new files
 */
export async function saveUploadedImage(
  deps: Pick<AppDeps, 'db' | 'now' | 'logger'>,
  uploadsDir: string,
  file: string,
  imageId: string,
): Promise<StoredUpload | { ok: false; reason: 'not-an-image' | 'too-large'; message: string }> {
  try {
    const stored = await storeUploadedImage(file, uploadsDir, imageId);
    let replaced: string | undefined;
    try {
      replaced = replaceSlotImage(deps.db, imageId, stored.path, stored.variants, deps.now?.());
    } catch (err) {
      // The slot still names its old image: the new files would be orphans.
      if (!isImagePathInUse(deps.db, stored.path)) await removeUploadedImage(uploadsDir, stored.path).catch(() => undefined);
      throw err;
    }
    // The slot shows the new photo now; a file of the old one that cannot be removed is
    // logged, not the owner's failure.
    if (replaced)
      await removeUploadedImage(uploadsDir, replaced).catch((err: unknown) =>
        deps.logger.warn('Could not remove the files of a replaced image', { path: replaced, error: (err as Error).message }),
      );
    return { ok: true, newPath: stored.path, originalSize: stored.originalSize, compressedSize: stored.compressedSize };
  } catch (err) {
    if (err instanceof NotAnImageError) return { ok: false, reason: 'not-an-image', message: err.message };
    if (err instanceof ImageTooLargeError) return { ok: false, reason: 'too-large', message: err.message };
    throw err;
  }
}

/** Adds carousel slot `key` to management (empty until an upload), as of the app's clock; a managed slot is left as it is. */
export function addCarouselSlot(deps: Pick<AppDeps, 'db' | 'now'>, key: string): void {
  const current = getImageConfig(deps.db).carousel[key as `slide${number}`];
  if (current === undefined) setImageSlot(deps.db, key, '', deps.now?.());
}

/** Removes carousel slot `key` from management, keeping its file; false when it was not managed. */
export function removeSlot(deps: Pick<AppDeps, 'db'>, key: string): boolean {
  return removeCarouselSlot(deps.db, key);
}
