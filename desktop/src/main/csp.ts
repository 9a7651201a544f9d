/**
 * The renderer's Content Security Policy, sent as a header with every app:// response
 * (app-protocol.ts). Scripts only from the app bundle; network requests only to the app and the
 * configured server; nothing framed, no plugins, no forms posting anywhere.
 */

/** @param serverUrl the remembered server (its origin becomes the only `connect-src` beyond the app) */
export function rendererCsp(serverUrl: string | null): string {
  let serverOrigin: string | undefined;
  try {
    serverOrigin = serverUrl ? new URL(serverUrl).origin : undefined;
  } catch {
    serverOrigin = undefined;
  }
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    // Inline style attributes (React `style`, Radix positioning), as on the website.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(serverOrigin ? [serverOrigin] : [])],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['worker-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}
