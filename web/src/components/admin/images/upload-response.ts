/** The `error` string of a parsed JSON answer, if it has a non-empty one. */
export function jsonErrorOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim())
    return body.error;
  return undefined;
}

/** True for a file the browser says is an image (or, without a type, one named like one). */
export function looksLikeImage(file: Pick<File, 'type' | 'name'>): boolean {
  if (file.type) return file.type.startsWith('image/');
  return /\.(jpe?g|png|webp|avif|heic|heif|gif|tiff?)$/i.test(file.name);
}

/** "2.4 MB", "830 KB" */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
