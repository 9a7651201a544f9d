import { describe, expect, it, vi } from 'vitest';
import { parseUploadResponse, uploadImage } from './upload-image';
import { formatBytes, looksLikeImage } from './upload-response';

describe('parseUploadResponse', () => {
  it('reads a successful upload', () => {
    const text = JSON.stringify({
      success: true,
      newPath: '/uploads/hero-1.jpg',
      originalSize: 2000,
      compressedSize: 500,
    });
    expect(parseUploadResponse(200, text)).toEqual({
      ok: true,
      result: { newPath: '/uploads/hero-1.jpg', originalSize: 2000, compressedSize: 500 },
    });
  });

  it("shows the server's error", () => {
    expect(parseUploadResponse(400, '{"success":false,"error":"The file is not an image"}')).toEqual({
      ok: false,
      error: 'The file is not an image',
    });
    expect(parseUploadResponse(413, '{"success":false,"error":"The image is larger than 25 MB"}')).toMatchObject({
      error: 'The image is larger than 25 MB',
    });
  });

  it('falls back to "Failed to upload image"', () => {
    expect(parseUploadResponse(502, '<html>Bad gateway</html>')).toEqual({ ok: false, error: 'Failed to upload image' });
    expect(parseUploadResponse(200, '{"success":false}')).toEqual({ ok: false, error: 'Failed to upload image' });
  });

  it('asks to sign in again on 401', () => {
    expect(parseUploadResponse(401, '{"error":"Sign in first"}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/sign in again/),
    });
  });
});

describe('looksLikeImage', () => {
  it('goes by the type, or by the name when there is none', () => {
    expect(looksLikeImage({ type: 'image/png', name: 'x.txt' })).toBe(true);
    expect(looksLikeImage({ type: 'application/pdf', name: 'x.jpg' })).toBe(false);
    expect(looksLikeImage({ type: '', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(looksLikeImage({ type: '', name: 'notes.txt' })).toBe(false);
  });
});

describe('formatBytes', () => {
  it('writes sizes for people', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});

/** A stand-in XMLHttpRequest that records what is sent and answers as told. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  body: FormData | undefined;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadImage', () => {
  it('posts the file and slot key as multipart with credentials and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const progress: number[] = [];
      const file = new File(['png'], 'hero.png', { type: 'image/png' });
      const done = uploadImage(file, 'hero', (p) => progress.push(p));
      const xhr = FakeXhr.last as FakeXhr;
      expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/upload-image', true]);
      expect(xhr.body?.get('imageId')).toBe('hero');
      expect((xhr.body?.get('image') as File).name).toBe('hero.png');
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      xhr.answer(200, { success: true, newPath: '/uploads/hero-1.jpg', originalSize: 3, compressedSize: 2 });
      await expect(done).resolves.toEqual({ newPath: '/uploads/hero-1.jpg', originalSize: 3, compressedSize: 2 });
      expect(progress).toEqual([25, 100]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('rejects with the server message and status', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const done = uploadImage(new File(['x'], 'x.png', { type: 'image/png' }), 'hero', () => {});
      (FakeXhr.last as FakeXhr).answer(413, { success: false, error: 'The image is larger than 25 MB' });
      await expect(done).rejects.toMatchObject({
        name: 'UploadError',
        status: 413,
        message: 'The image is larger than 25 MB',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
