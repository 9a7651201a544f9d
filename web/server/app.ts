import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { authRoutes } from './auth/auth.routes.js';
import { csrfGuard } from './http/csrf.js';
import { sessionRoutes } from './auth/sessions.routes.js';
import type { AppDeps } from './deps.js';
import { desktopCors } from './http/cors.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { requestLogging } from './http/request-logging.js';
import { createServerJobs } from './job-catalogue.js';
import { createServices, type Services } from './services.js';
import { jobRoutes } from './jobs/jobs.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { calendarSourceRoutes } from './ical-sync/calendar-sources.routes.js';
import { availabilityRoutes } from './availability/availability.routes.js';
import { bookingRoutes } from './booking/bookings.routes.js';
import { rentalAgreementRoutes } from './booking/rental-agreement.routes.js';
import { evidenceRoutes } from './booking/evidence.routes.js';
import { guestPageRoutes } from './booking/guest-page.routes.js';
import { cancelRoutes } from './booking/cancel.routes.js';
import { bookingChangeRoutes } from './booking/booking-change.routes.js';
import { ledgerRoutes } from './booking/ledger.routes.js';
import { damageDepositRoutes } from './booking/damage-deposit.routes.js';
import { balanceRoutes } from './booking/balance.routes.js';
import { ownerBookingRoutes, paymentLinkRoutes } from './booking/owner-bookings.routes.js';
import { cleaningSettingsRoutes } from './cleaning/cleaning-settings.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { reportRoutes } from './reports/reports.routes.js';
import { demoContentRoutes } from './reviews/demo-content.routes.js';
import { googleCalendarRoutes } from './google-calendar/google-calendar.routes.js';
import { directBookingRoutes, publicCalendarHandlers } from './booking/direct-booking.routes.js';
import { paymentConfigRoutes } from './booking/payment-config.routes.js';
import { stripeWebhookRoutes } from './booking/stripe-webhook.routes.js';
import { stayRoutes } from './stays/stays.routes.js';
import { ownerNoticeRoutes } from './notices/owner-notices.routes.js';
import { bookingTimelineRoutes } from './booking/timeline.routes.js';
import { healthRoutes } from './http/health.routes.js';
import { imageRoutes } from './images/images.routes.js';
import { reviewRoutes } from './reviews/reviews.routes.js';
import { guestReviewRoutes } from './reviews/guest-review.routes.js';
import { securityRoutes } from './security/security.routes.js';
import { auditOwnerChanges } from './security/audit.js';
import { auditRoutes } from './security/audit.routes.js';
import { createSecurityState } from './security/security-state.js';
import { STRIPE_WEBHOOK_PATH, markVerifiedStripeDelivery } from './security/stripe-delivery.js';
import { readIndexHtml, spaRoutes } from './spa.js';
import { createPageCache } from './pages/page-cache.js';
import { seoRoutes } from './pages/seo.routes.js';
import { recordPublicContentChange } from './pages/sitemap.js';
import { fixedHeaders, pageFastPath } from './pages/page-responses.js';
import { apiFastPath } from './http/api-fast-path.js';

/** Largest JSON body any endpoint accepts. */
export const JSON_BODY_LIMIT = '100kb';

/**
 * Builds the Express app from its dependencies and the services of the composition root
 * (web/server/services.ts; docs/architecture.md "Inside the server"): every route gets the
 * services it calls, and `deps.jobs` (unless given) is the job runner of the job catalogue over the
 * same services. Listening, signals and configuration belong to `main`; tests call this with a
 * temporary database.
 */
export function createApp(deps: AppDeps, services: Services = createServices(deps)): Express {
  deps.jobs ??= createServerJobs(deps, services);
  const { calendarSync } = services;
  const { config, logger } = deps;
  const https = config.publicUrl.startsWith('https://');
  const app = express();
  app.disable('x-powered-by');
  // [security.client-ip]: the Nth address from the right of X-Forwarded-For; 0 ignores it.
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  const security = createSecurityState(deps);
  // The rendered public pages, in memory until what they show changes ([pages.cache]).
  const indexHtml = deps.renderPage ? readIndexHtml(deps) : undefined;
  const pages = deps.renderPage && indexHtml !== undefined ? createPageCache(deps, deps.renderPage, indexHtml) : undefined;
  if (pages) deps.onPublicContentChanged ??= () => pages.invalidate();
  // Every change of what the public pages show is also the sitemap's last change ([seo.sitemap]).
  const onPublicContentChanged = deps.onPublicContentChanged;
  deps.onPublicContentChanged = () => {
    recordPublicContentChange(deps);
    onPublicContentChanged?.();
  };
  // `startServer` renders the pages once it listens, so the first visitor is not kept waiting.
  app.locals.pages = pages;
  // The security headers of every response ([security.headers]), the fast path's included.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its frames (Stripe's docs: "Content Security Policy").
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        // Inline style attributes (React `style`, Radix positioning) only; no inline scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The same value the security console reports as hstsEnabled.
    strictTransportSecurity: security.hsts,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const logRequests = requestLogging(logger);
  // The desktop app's origin only (bearer tokens, no cookies); before the IP block and rate
  // limit, so the app can read their refusals.
  const cors = desktopCors(config.desktopOrigins);
  const compress = compression();
  const cookies = cookieParser();
  const onError = errorHandler(logger, (req, err) => err.status === 400 && security.log(req, 'validation_rejected', 'refused 400', err.message));

  // [pages.fast-path]: GET / from memory, first: its own request id, the IP block and the
  // headers `securityHeaders` sets (captured once), then nothing else of the chain below.
  if (pages) app.use(pageFastPath(pages, { ipBlock: security.ipBlock, securityHeaders, logger }));
  // [api.fast-path]: the public calendar and the quote through the same middleware as every
  // /api request (these very objects, in this order), then straight to their handlers.
  app.use(
    apiFastPath(publicCalendarHandlers(deps, services.checkout), {
      before: [...logRequests, cors, security.ipBlock, fixedHeaders(securityHeaders), compress, cookies, security.apiRateLimit],
      onError,
    }),
  );
  app.use(logRequests);
  app.use('/api', cors);
  app.use(security.ipBlock);
  app.use(securityHeaders);
  app.use(compress);
  // Cookies first: the rate limit exempts the signed-in owner, which needs the session cookie.
  app.use(cookies);
  // Stripe's deliveries whose signature verifies are not counted by the rate limit; anything
  // else sent to the webhook is ([checkout.webhook], [security.rate-limit]).
  app.post(STRIPE_WEBHOOK_PATH, markVerifiedStripeDelivery(deps));
  app.use('/api', security.apiRateLimit);
  // Stripe signs the raw bytes: the webhook reads its own body before the JSON parser runs.
  app.use(stripeWebhookRoutes(deps, services, security));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(csrfGuard(deps));
  app.use('/api', auditOwnerChanges(security.audit));

  app.use(healthRoutes(deps));
  app.use(authRoutes(deps, 'admin', security));
  app.use(authRoutes(deps, 'security', security));
  app.use(sessionRoutes(deps));
  app.use(securityRoutes(deps, security));
  app.use(auditRoutes(deps));
  app.use(jobRoutes(deps));
  app.use(imageRoutes(deps));
  app.use(reviewRoutes(deps));
  app.use(guestReviewRoutes(deps));
  app.use(demoContentRoutes(deps));
  app.use(availabilityRoutes(deps));
  app.use(bookingRoutes(deps));
  app.use(guestPageRoutes(deps, services));
  app.use(cancelRoutes(deps, services));
  app.use(bookingChangeRoutes(deps, services));
  app.use(ledgerRoutes(deps));
  app.use(damageDepositRoutes(deps, services));
  app.use(balanceRoutes(deps, services));
  app.use(evidenceRoutes(deps));
  app.use(ownerBookingRoutes(deps, services));
  app.use(paymentLinkRoutes(deps, services, security));
  app.use(stayRoutes(deps));
  app.use(ownerNoticeRoutes(deps));
  app.use(bookingTimelineRoutes(deps));
  app.use(directBookingRoutes(deps, services, security));
  app.use(calendarSourceRoutes(deps, calendarSync));
  app.use(paymentConfigRoutes(deps));
  app.use(cleaningSettingsRoutes(deps));
  app.use(settingsRoutes(deps));
  app.use(rentalAgreementRoutes(deps));
  app.use(reportRoutes(deps));
  app.use(googleCalendarRoutes(deps));
  app.use(analyticsRoutes(deps));
  app.use('/api', apiNotFound);
  app.use(seoRoutes(deps));

  app.use(spaRoutes(deps, pages));
  app.use(onError);
  return app;
}
