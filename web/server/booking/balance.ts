import { setTimeout as sleep } from 'node:timers/promises';
import { PROPERTY, createBalanceCharges, todayIn, type BalanceCharges, type UnpaidBalancesResponse } from '@ridgeline/core';
import { createSqliteBalanceStore, listUnpaidBalancesAt } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { LATE_PAYMENT_REFUNDS_JOB } from '../jobs/job-names.js';
import { createWithPortsOf } from './service-ports.js';
import { notifyOwner } from '../notices/owner-notices.js';

/** How often the balance job looks for balances due ([payments.balance]). */
export const BALANCE_CHARGES_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How long a cancel waits for a balance attempt in flight (the automatic charge at Stripe) before
 * it is refused ([money.balance-attempt]), ms: longer than an answering Stripe takes, well under a
 * browser's patience. `AppDeps.balanceAttemptWaitMs` replaces it (tests).
 */
export const BALANCE_CANCEL_WAIT_MS = 30_000;
/** How often a waiting cancel looks at the lease again, ms. */
const BALANCE_CANCEL_POLL_MS = 100;

/**
 * The balance service: core's `BalanceCharges` and the cancel's turn on a booking's balance
 * (`turnForCancel`, see `balanceTurnForCancel`).
 */
export interface BalanceService extends BalanceCharges {
  /**
   * Takes booking `bookingId`'s balance lease for a cancel or a change ([money.balance-attempt]).
   * @returns `release`, or undefined when the balance attempt in flight did not end in time
   */
  turnForCancel(bookingId: number): Promise<(() => void) | undefined>;
}

/**
 * The balance service (core/src/booking/payments/balance.ts) wired to the server, built once by the
 * composition root (web/server/services.ts): SQLite store of `deps.db`, Stripe
 * (`deps.payments`), mailer, logger, clock, the owner's notices ([owner.notices]:
 * `payment-failed` when a balance cannot be charged or was not collected on its due date, `money`
 * when it was paid twice), and the `late-payment-refunds` job triggered when Stripe charged a
 * balance after its booking was cancelled ([money.late-payment]).
 */
export function createBalanceService(deps: AppDeps): BalanceService {
  const charges = createWithPortsOf(deps, createBalanceCharges, {
    store: createSqliteBalanceStore(deps.db),
    notifyPaymentFailed: (booking, text, dedupeKey) =>
      notifyOwner(deps, { kind: 'payment-failed', subject: `Balance not charged: ${booking.checkin} to ${booking.checkout}`, text, bookingId: booking.id, dedupeKey }),
    notifyBalanceUncollected: (booking, text, dedupeKey) =>
      notifyOwner(deps, { kind: 'payment-failed', subject: `Balance not collected: ${booking.checkin} to ${booking.checkout}`, text, bookingId: booking.id, dedupeKey }) !== undefined,
    notifyMoney: (booking, subject, text, dedupeKey) => notifyOwner(deps, { kind: 'money', subject, text, bookingId: booking.id, dedupeKey }),
    onLatePayment: () => deps.jobs?.trigger(LATE_PAYMENT_REFUNDS_JOB),
  });
  return { ...charges, turnForCancel: (bookingId) => balanceTurnForCancel(deps, charges, bookingId) };
}

/**
 * The cancel's turn on a booking's balance ([money.balance-attempt]), for the cancellation
 * service: takes the booking's balance lease for the cancel (see `BalanceCharges.beginCancel`),
 * waiting while an automatic charge is in flight, up to `deps.balanceAttemptWaitMs`
 * (BALANCE_CANCEL_WAIT_MS by default).
 * @returns `release` to call once the cancel is done or failed, or undefined when the attempt in
 *   flight did not finish in time (the cancel must then be refused, nothing changed)
 */
async function balanceTurnForCancel(deps: AppDeps, balance: BalanceCharges, bookingId: number): Promise<(() => void) | undefined> {
  const deadline = Date.now() + (deps.balanceAttemptWaitMs ?? BALANCE_CANCEL_WAIT_MS);
  let turn = await balance.beginCancel(bookingId);
  if (turn.status === 'busy') deps.logger.info('the cancel waits for the balance attempt in flight', { bookingId, heldBy: turn.heldBy });
  while (turn.status === 'busy' && Date.now() < deadline) {
    await sleep(BALANCE_CANCEL_POLL_MS);
    turn = await balance.beginCancel(bookingId);
  }
  return turn.status === 'ready' ? turn.release : undefined;
}

/**
 * The stays checked in (today or before in the property's zone, by the app's clock, not yet out)
 * whose balance is still unpaid, for the owner to decide ([payments.balance]): `{ id, guestName,
 * checkin, checkout, balanceCents, lastError }` (cents; `lastError` the automatic charge's, or null).
 */
export function unpaidBalances(deps: Pick<AppDeps, 'db' | 'now'>): UnpaidBalancesResponse['bookings'] {
  const today = todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date());
  return listUnpaidBalancesAt(deps.db, today).map((b) => ({
    id: b.id,
    guestName: `${b.firstName} ${b.lastName}`.trim(),
    checkin: b.checkin,
    checkout: b.checkout,
    balanceCents: b.balance?.amountCents ?? 0,
    lastError: b.balance?.lastError ?? null,
  }));
}
