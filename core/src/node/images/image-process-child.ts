import { ImageTooLargeError, NotAnImageError, processImageHere, type ImageReply, type ImageRequest } from './image-processing.js';

/**
 * Child-process entry (started by image-processing.ts): re-encodes uploads away from the server
 * process. libvips' decode buffers fragment glibc's heap, which then keeps the server's memory
 * high long after the upload ([images.processing]: 131 → 514 MB, then ~900 MB after eight); a child
 * gives all of it back when it exits. One request at a time; errors come back as data. Nothing
 * imports this file: its messages (ImageRequest, ImageReply) are typed in image-processing.ts.
 */
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
