import { ImageTooLargeError, NotAnImageError, processImageHere, type StoredImage } from './image-processing.js';

/**
 * Child-process entry (started by image-processing.ts): re-encodes uploads away from the server
 * process. libvips' decode buffers fragment glibc's heap, which then keeps the server's memory
 * high long after the upload ([images.processing]: 131 → 514 MB, then ~900 MB after eight); a child
 * gives all of it back when it exits. One request at a time; errors come back as data.
 */
export interface ImageRequest {
  id: number;
  /** a file path, or the bytes */
  input: string | Uint8Array;
  uploadsDir: string;
  slot: string;
}
export type ImageReply =
  | { id: number; ok: true; stored: StoredImage }
  | { id: number; ok: false; kind: 'not-image' } | { id: number; ok: false; kind: 'too-large'; width: number; height: number } | { id: number; ok: false; kind: 'error'; message: string };

process.on('message', (request: ImageRequest) => {
  const input = typeof request.input === 'string' ? request.input : Buffer.from(request.input.buffer, request.input.byteOffset, request.input.byteLength);
  processImageHere(input, request.uploadsDir, request.slot).then(
    (stored) => process.send?.({ id: request.id, ok: true, stored } satisfies ImageReply),
    (err: unknown) => {
      const reply: ImageReply =
        err instanceof NotAnImageError
          ? { id: request.id, ok: false, kind: 'not-image' }
          : err instanceof ImageTooLargeError
            ? { id: request.id, ok: false, kind: 'too-large', width: err.width, height: err.height }
            : { id: request.id, ok: false, kind: 'error', message: (err as Error).message };
      process.send?.(reply);
    },
  );
});
