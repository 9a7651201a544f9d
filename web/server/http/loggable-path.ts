/**
 * Paths whose segment after `stay/`, `review/` ([guest.page]) or `api/payment-link/`
 * ([bookings.payment-link]) is a guest's secret token.
 */
const TOKEN_PATH = /^(\/(?:api\/)?(?:stay|review)|\/api\/payment-link)\/[^/?#]+/;
/** A payment link's token in a query: `/checkout?link={token}` ([bookings.payment-link]). */
const LINK_QUERY = /([?&]link=)[^&#]+/g;
/** The scheme and host of an absolute URL, kept as they are. */
const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is;

/**
 * A request path fit for logs, the security log and the page-view statistics ([logs.tokens]):
 * the guest-page token of `/stay/{token}`, `/review/{token}` and their `/api/` endpoints, the
 * payment-link token of `/api/payment-link/{token}/…` and a `link=` query value (the guest's
 * `/checkout?link={token}`) are replaced by `:token`, so whoever reads the logs cannot open a
 * guest's booking or pay page. Any other path (and query) is returned as it is.
 */
export function loggablePath(path: string): string {
  return path.replace(TOKEN_PATH, '$1/:token').replace(LINK_QUERY, '$1:token');
}

/**
 * A URL (a page view's referrer) with the tokens of `loggablePath` masked in its path and query;
 * its scheme and host are kept. Text that is not an absolute URL is masked as a path.
 */
export function loggableUrl(url: string): string {
  const m = ORIGIN.exec(url);
  return m ? `${m[1] as string}${loggablePath(m[2] as string)}` : loggablePath(url);
}
