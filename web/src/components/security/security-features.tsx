/**
 * A static feature description ([security.headers]): what protects the site, in the words of docs/product.md (100
 * requests per 15-minute window; HSTS for 1 year with subdomains and preload; frame denial and
 * nosniff). Static text by design: the live values are in the status overview.
 */
const FEATURES: readonly { title: string; text: string }[] = [
  {
    title: 'Rate limiting',
    text: 'Each IP address may make 100 requests per 15-minute window to the API; sign-in allows 10 failed attempts per 15 minutes. Further requests are answered 429 until the window resets.',
  },
  {
    title: 'HTTP Strict Transport Security (HSTS)',
    text: 'Browsers are told to use HTTPS only, with a max age of 1 year, including subdomains, and ready for the browsers’ preload list.',
  },
  {
    title: 'Frame denial',
    text: 'X-Frame-Options DENY and the policy’s frame-ancestors keep the site out of other sites’ frames (clickjacking).',
  },
  {
    title: 'No MIME sniffing',
    text: 'X-Content-Type-Options nosniff makes browsers use the declared type of every file.',
  },
  {
    title: 'Content Security Policy',
    text: 'Scripts, styles, images and connections are limited to this site and Stripe’s payment frames; no inline scripts run.',
  },
  {
    title: 'IP blocking',
    text: 'Blocked addresses and CIDR ranges (such as 203.0.113.0/24) are refused with 403 on every page, file and API call, and stay blocked after a restart.',
  },
  {
    title: 'Request validation',
    text: 'Every request body and query is checked before use, and bodies over 100 KB are refused. Names and messages may not carry control characters or text-direction tricks.',
  },
  {
    title: 'Security logging',
    text: 'Sign-ins, failed sign-ins, blocks and refused requests are recorded with time, IP address and route, and kept 90 days.',
  },
];

export function SecurityFeatures() {
  return (
    <section aria-labelledby="security-features-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="security-features-heading" className="font-display text-xl font-semibold tracking-tight text-navy-900">
        How the site is protected
      </h2>
      <dl className="mt-4 space-y-4">
        {FEATURES.map(({ title, text }) => (
          <div key={title}>
            <dt className="font-semibold text-navy-900">{title}</dt>
            <dd className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
