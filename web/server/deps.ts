import type { ImageConfigResponse, JobStatus, PublicListing, PublishedReviewsResponse } from '@ridgeline/core';
import type { Config, Db, FetchFeedOptions, GoogleCalendarClient, Mailer, PaymentGateway, StayConflict } from '@ridgeline/core/node';
import type { Logger } from './logger.js';

/**
 * The server's background work as the app reaches it: `JobRunner` (web/server/jobs/job-runner.ts)
 * with the jobs of the job catalogue (web/server/job-catalogue.ts).
 */
export interface Jobs {
  /** Starts the schedules and the `runAtStart` runs (idempotent). */
  start(): void;
  /** Stops every schedule; resolves when the runs in flight have finished. */
  stop(): Promise<void>;
  /** Asks for a run of job `name` soon (coalesced with one in flight). */
  trigger(name: string): void;
  /** Runs job `name` now; resolves when that run has finished. */
  runNow(name: string): Promise<void>;
  /** Job `name`'s state, undefined for a name the runner does not have. */
  statusOf(name: string): JobStatus | undefined;
  /** Every job's state, for the security console ([security.jobs]). */
  status(): JobStatus[];
}

/** What the public pages show from the database: the answers of the endpoints they would call. */
export interface PublicPageData {
  /** `GET /api/images/config`'s answer ([images.config]). */
  imageConfig: ImageConfigResponse;
  /** `GET /api/reviews/published`'s answer ([reviews.public]). */
  publishedReviews: PublishedReviewsResponse;
  /** `GET /api/listing`'s answer ([compliance.numbers], [a11y.facts]). */
  listing: PublicListing;
}

/** What a page is rendered from (web/src/entry-server.tsx `RenderPageInput`). */
export interface RenderPageInput {
  /** Path of the page, e.g. `/`. */
  url: string;
  data: PublicPageData;
  /** The configured listing and guide links (raw config values; blank means the SPA's fallback). */
  links: { listingUrl: string; guideUrl: string };
}

/**
 * The server renderer built from web/src/entry-server.tsx: the HTML of `#root` for a page.
 * Rejects when a component throws.
 */
export interface PageRenderer {
  renderPage(input: RenderPageInput): Promise<string>;
  /** `data` as the text of the page's JSON script element (`<` escaped). */
  serializeInitialData(data: PublicPageData): string;
}

/** Everything the app needs from outside; `main` wires the real ones, tests their own. */
export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Directory of the built SPA (`web/dist/client`); undefined serves the API only. */
  clientDir?: string;
  /** The clock (tests pin it). */
  now?: () => Date;
  /** Stripe, when STRIPE_SECRET_KEY is set; undefined makes payment endpoints answer 503. */
  payments?: PaymentGateway;
  /** Outgoing mail (logs instead of sending without SMTP). */
  mailer?: Mailer;
  /** `fetch` for calls to other services (the guide app); tests may replace it. */
  fetch?: typeof fetch;
  /**
   * Options for reading other platforms' iCal feeds (tests shorten waits). `recheckBudgetMs`:
   * total wait, ms, for the re-read of stale calendars before a PaymentIntent (default
   * RECHECK_BUDGET_MS in web/server/ical-sync/calendar-sync.ts).
   */
  feedOptions?: FetchFeedOptions & { recheckBudgetMs?: number };
  /** Cleaning notifications: re-derives cleaning events after stays change. `createApp` makes
   * the real one (web/server/cleaning/cleaning-service.ts) when none is given; it never rejects. */
  cleaning?: { reconcile(): Promise<unknown> };
  /** Google Calendar, when GOOGLE_CLIENT_ID/SECRET are set; undefined makes its endpoints 503. */
  google?: GoogleCalendarClient;
  /** Background work (web/server/jobs). `createApp` makes it, with the server's jobs defined,
   * when none is given; `startServer` starts its schedules. Call sites `trigger` jobs by name. */
  jobs?: Jobs;
  /**
   * Told once of each new double booking ([stays.conflict], `web/server/stays/new-conflicts.ts`).
   * `createApp` makes it tell the owner ([owner.notices], `notifyOwner`) when none is given.
   */
  onNewConflict?: (conflict: StayConflict) => unknown;
  /**
   * The server renderer of the public pages (web/dist/ssr, built from web/src/entry-server.tsx);
   * undefined serves the SPA shell for every page, rendered by the browser ([pages.server-rendered]).
   */
  renderPage?: PageRenderer;
  /**
   * Told after every change to what the public pages show (a review published, unpublished or
   * deleted, an image replaced, a setting saved; [pages.cache]). `createApp` makes it drop the
   * rendered pages when none is given.
   */
  onPublicContentChanged?: () => void;
  /**
   * How long a cancel waits for a balance charge in flight before it is refused, ms
   * ([money.balance-attempt]; default BALANCE_CANCEL_WAIT_MS in web/server/booking/balance.ts).
   */
  balanceAttemptWaitMs?: number;
}
