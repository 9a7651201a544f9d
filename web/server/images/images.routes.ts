import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import express, { Router } from 'express';
import multer from 'multer';
import { carouselSlotParamsSchema, uploadImageFieldsSchema, type ImageConfigResponse, type SuccessResponse, type UploadImageResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { MAX_UPLOAD_BYTES, addCarouselSlot, imageConfig, removeSlot, saveUploadedImage } from './images.js';

/**
 * Images ([images.config], [images.upload], [images.carousel-slots]); contracts in
 * `core/src/api/images.ts`:
 * - `GET /api/images/config` (public) → the image config of [images.config]; empty paths mean the default.
 * - `POST /api/upload-image` (admin, multipart: `image` file, `imageId` slot key) →
 *   `{ success: true, newPath, originalSize, compressedSize }` (bytes), or `{ success: false,
 *   error }` with 400 (no file, not an image or one that cannot be decoded, unknown slot), 413
 *   (over 25 MB, or over MAX_INPUT_PIXELS ≈ 52 megapixels: [images.processing]). The file is
 *   spooled to disk, not held in memory, and images are processed one at a time
 *   (core/src/node/images/image-processing.ts), each into the responsive widths and formats of
 *   [images.variants], all before the answer. The files of the image it replaces are removed
 *   ([images.variants]); a refused upload changes nothing.
 * - `PUT /api/images/slots/{key}` (admin) adds a carousel slot to management (empty until an
 *   upload); `DELETE /api/images/slots/{key}` removes it from management, keeping the file.
 * - `GET /uploads/*`: uploaded images, names made of a hash of their content, cached as immutable.
 * Every change re-renders the public pages that show the photos ([pages.cache]).
 */
export function imageRoutes(deps: AppDeps): Router {
  const { config } = deps;
  const uploadsDir = path.join(path.resolve(config.dataDir), 'uploads');
  // Uploads wait their turn here on disk ([images.processing]: eight uploads held in memory at once
  // took the server to 1 GB). Inside DATA_DIR, not /tmp, which is RAM (tmpfs) on Debian 13; not
  // under uploads/, which is served. What a crash left behind is cleared at start.
  const spoolDir = path.join(path.resolve(config.dataDir), 'upload-spool');
  rmSync(spoolDir, { recursive: true, force: true });
  const admin = requireSession(deps, 'admin');
  const upload = multer({
    dest: spoolDir,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
  });
  const router = Router();

  router.use(
    '/uploads',
    express.static(uploadsDir, {
      index: false,
      dotfiles: 'ignore',
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );

  router.get('/api/images/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(imageConfig(deps) satisfies ImageConfigResponse);
  });

  router.post(
    '/api/upload-image',
    admin,
    (req, res, next) => {
      upload.single('image')(req, res, (err: unknown) => {
        if (err instanceof multer.MulterError) {
          if (err.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, 'The image is larger than 25 MB', { success: false, field: 'image' }));
          return next(new HttpError(400, `image: ${err.message}`, { success: false, field: err.field ?? 'image' }));
        }
        // Anything else is the multipart parser (busboy) refusing the body: cut short, no
        // boundary, malformed part headers. The client's fault, not ours.
        if (err) return next(new HttpError(400, 'image: the upload is not a complete multipart/form-data body', { success: false, field: 'image' }));
        next();
      });
    },
    async (req, res) => {
      try {
        const { imageId } = parseOr400(uploadImageFieldsSchema, req.body ?? {});
        if (!req.file) throw new HttpError(400, 'image: choose an image file', { success: false, field: 'image' });
        const stored = await saveUploadedImage(deps, uploadsDir, req.file.path, imageId);
        if (!stored.ok) throw new HttpError(stored.reason === 'too-large' ? 413 : 400, stored.message, { success: false, field: 'image' });
        deps.onPublicContentChanged?.();
        res.json({ success: true, newPath: stored.newPath, originalSize: stored.originalSize, compressedSize: stored.compressedSize } satisfies UploadImageResponse);
      } finally {
        if (req.file) await rm(req.file.path, { force: true });
      }
    },
  );

  router.put('/api/images/slots/:key', admin, (req, res) => {
    const { key } = parseOr400(carouselSlotParamsSchema, req.params, 'key');
    addCarouselSlot(deps, key);
    deps.onPublicContentChanged?.();
    res.json({ success: true } satisfies SuccessResponse);
  });
  router.delete('/api/images/slots/:key', admin, (req, res) => {
    const { key } = parseOr400(carouselSlotParamsSchema, req.params, 'key');
    if (!removeSlot(deps, key)) throw new HttpError(404, `${key} is not managed`);
    deps.onPublicContentChanged?.();
    res.json({ success: true } satisfies SuccessResponse);
  });
  return router;
}
