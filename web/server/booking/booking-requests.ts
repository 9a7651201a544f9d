import { createBookingRequests } from '@ridgeline/core';
import { createSqliteBookingRequestStore } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import type { PaymentLinkService } from './payment-links.js';

/**
 * The requests-to-book service (core/src/booking/checkout/booking-request.ts, [booking.request])
 * wired to the server: the SQLite store of `deps.db`, the mailer, the logger, the clock, whether
 * Stripe is configured (read at each use) and the payment-link service that sends the link.
 */
export function createBookingRequestService(deps: AppDeps, { paymentLinks }: { paymentLinks: PaymentLinkService }) {
  return createBookingRequests({
    store: createSqliteBookingRequestStore(deps.db),
    get mailer() {
      return deps.mailer;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    paymentsOn: () => deps.payments !== undefined,
    sendPaymentLink: (bookingId) => paymentLinks.send(bookingId),
  });
}
