/** Paths whose segment after `stay/` or `review/` is a guest's secret token ([guest.page]). */
const TOKEN_PATH = /^(\/(?:api\/)?(?:stay|review))\/[^/?#]+/;

/**
 * A request path fit for logs and the security log: the guest-page token of `/stay/{token}`,
 * `/review/{token}` and their `/api/` endpoints replaced by `:token`, so whoever reads the logs
 * cannot open a guest's booking ([guest.page]). Any other path is returned as it is.
 */
export function loggablePath(path: string): string {
  return path.replace(TOKEN_PATH, '$1/:token');
}
