import { uploadImageResponseSchema, type UploadImageResponse } from '@ridgeline/core';
import { adminApi } from '@/lib/query-client';
import { jsonErrorOf } from './upload-response';

/** Answer of `POST /api/upload-image` on success (sizes in bytes). */
export type UploadResult = Omit<UploadImageResponse, 'success'>;

export const UPLOAD_FALLBACK_ERROR = 'Failed to upload image';

/** A refused or failed upload; `status` is the HTTP status (0 when no answer came). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Uploads one image to a slot ([images.upload]: `POST /api/upload-image`, multipart `image` + `imageId`)
 * with XMLHttpRequest rather than fetch, because only XHR reports upload progress.
 * @param onProgress percent sent, 0-100
 * @returns the stored image's path and sizes
 * @throws UploadError with the server's `error` message, or UPLOAD_FALLBACK_ERROR
 */
export function uploadImage(file: File, imageId: string, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // The browser: '/api/upload-image' with cookies; the desktop app: its server and token.
    const target = adminApi.xhrTarget('/api/upload-image');
    xhr.open('POST', target.url);
    xhr.withCredentials = target.withCredentials;
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const outcome = parseUploadResponse(xhr.status, xhr.responseText);
      if (outcome.ok) {
        onProgress(100);
        resolve(outcome.result);
      } else {
        reject(new UploadError(outcome.error, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_FALLBACK_ERROR, 0));
    xhr.onabort = () => reject(new UploadError('The upload was cancelled', 0));
    const body = new FormData();
    body.append('imageId', imageId);
    body.append('image', file);
    xhr.send(body);
  });
}

export type UploadOutcome = { ok: true; result: UploadResult } | { ok: false; error: string };

/** Reads the upload endpoint's answer: `{success:true, newPath, …}` or `{success:false, error}`. */
export function parseUploadResponse(status: number, text: string): UploadOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const answer = status >= 200 && status < 300 ? uploadImageResponseSchema.safeParse(body) : undefined;
  if (answer?.success && answer.data.newPath) {
    const { newPath, originalSize, compressedSize } = answer.data;
    return { ok: true, result: { newPath, originalSize, compressedSize } };
  }
  if (status === 401) return { ok: false, error: 'Your session has ended. Please sign in again.' };
  return { ok: false, error: jsonErrorOf(body) ?? UPLOAD_FALLBACK_ERROR };
}
