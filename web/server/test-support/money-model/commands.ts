import fc from 'fast-check';
import { expect } from 'vitest';
import request from 'supertest';
import { BALANCE_CHARGES_JOB, DAMAGE_DEPOSITS_JOB } from '../../jobs/job-names.js';
import { checkInvariants, intentsAtStripe, readLedger, stripeMoneyOf, type Sequence } from './invariants.js';
import { asOwner, payInBrowser } from './world.js';

/**
 * The actions of issue 23's money model as fast-check commands over the real app and the Stripe
 * stand-in (docs/architecture.md "Tests"). The model is what the test knows without asking the
 * app: the booking's kind and whether a lost answer is set for the next step. Each command acts
 * through HTTP, the job runner or Stripe's dashboard, accepts every answer a person could get
 * (a 409 for a paid balance, a 502 for a lost answer) but never a 500, and then checks the
 * invariants (`checkInvariants`).
 */
export interface Model {
  variant: 'deposit' | 'full' | 'phone';
}

type Cmd = fc.AsyncCommand<Model, Sequence>;

/** The answer of a step: anything but a server error (502/503 name Stripe, not us). */
const answered = <R extends { status: number; text: string }>(res: R, what: string): R => {
  expect(res.status === 500 || res.status === 404, `${what}: ${res.status} ${res.text}`).toBe(false);
  return res;
};

/** Ends a step: a lost answer set by the step before is spent; then the invariants. */
async function after(s: Sequence, armsNext = false) {
  if (!armsNext) {
    s.armed = false;
    s.w.stripe.clearFaults();
  }
  await checkInvariants(s);
}

const dayAt = (date: string, days: number, hourUtc = 15) => {
  const d = new Date(`${date}T${String(hourUtc).padStart(2, '0')}:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString();
};

abstract class Step implements Cmd {
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  abstract act(s: Sequence): Promise<void>;
  abstract toString(): string;
  async run(_m: Model, s: Sequence): Promise<void> {
    await this.act(s);
    await after(s);
  }
}

/** "Charge the balance": the balance job on its due date (check-in − 30 days), or hours later. */
class ChargeBalance extends Step {
  constructor(readonly hoursLate: number) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.variant === 'deposit';
  }
  async act(s: Sequence) {
    s.w.at(dayAt(s.checkin, -30, 15 + this.hoursLate));
    await s.w.deps.jobs!.runNow(BALANCE_CHARGES_JOB);
  }
  toString() {
    return `ChargeBalance(+${this.hoursLate}h)`;
  }
}

/** "Pay on the page" (and pay), or "open and abandon a page payment". */
class PagePayment extends Step {
  constructor(readonly pay: boolean) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.variant === 'deposit';
  }
  async act(s: Sequence) {
    const opened = answered(await request(s.w.app).post(`/api/stay/${s.token}/balance-intent`), 'balance-intent');
    if (opened.status !== 200 || !this.pay) return;
    const id = opened.body.paymentIntentId as string;
    await payInBrowser(s.w, id);
    answered(
      await request(s.w.app).post(`/api/stay/${s.token}/balance-confirm`).send({ paymentIntentId: id }),
      'balance-confirm',
    );
  }
  toString() {
    return this.pay ? 'PayOnPage' : 'AbandonPagePayment';
  }
}

/** "Payment link": the owner sends it, the guest pays it in the browser, the page confirms. */
class PaymentLink extends Step {
  constructor(readonly confirmOnPage: boolean) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.variant === 'phone';
  }
  async act(s: Sequence) {
    const sent = answered(await asOwner(s.w).post(`/api/bookings/${s.bookingId}/payment-link`), 'payment-link');
    if (sent.status !== 200) return;
    const token = new URL(sent.body.url as string).searchParams.get('link')!;
    const started = answered(
      await request(s.w.app).post(`/api/payment-link/${token}/payment-intent`),
      'link payment-intent',
    );
    if (started.status !== 200) return;
    const id = started.body.paymentIntentId as string;
    await payInBrowser(s.w, id);
    if (this.confirmOnPage)
      answered(
        await request(s.w.app).post(`/api/payment-link/${token}/confirm`).send({ paymentIntentId: id }),
        'link confirm',
      );
  }
  toString() {
    return `PaymentLink(${this.confirmOnPage ? 'page confirms' : 'webhook only'})`;
  }
}

/** "Cancel by owner or guest": the owner with the policy's refund, all of it, or none; the guest as the policy says. */
class Cancel extends Step {
  constructor(
    readonly by: 'owner' | 'guest',
    readonly refund: 'policy' | 'all' | 'none',
  ) {
    super();
  }
  async act(s: Sequence) {
    if (this.by === 'guest') {
      answered(await request(s.w.app).post(`/api/stay/${s.token}/cancel`).send({}), 'guest cancel');
      return;
    }
    const body =
      this.refund === 'policy'
        ? {}
        : { refundCents: this.refund === 'none' ? 0 : (await readLedger(s)).refundableCents };
    answered(await asOwner(s.w).post(`/api/bookings/${s.bookingId}/cancel`, body), 'owner cancel');
  }
  toString() {
    return this.by === 'guest' ? 'Cancel(guest)' : `Cancel(owner, ${this.refund})`;
  }
}

/** The succeeded charges of the booking at Stripe that can still be refunded or disputed. */
const chargedIntents = (s: Sequence) =>
  intentsAtStripe(s).filter((pi) => {
    const m = stripeMoneyOf(s, pi.id);
    return m.capturedCents - m.refundedCents > 0;
  });

/** "A refund in Stripe's dashboard": part or all of what is left of one of the booking's charges. */
class DashboardRefund extends Step {
  constructor(
    readonly pick: number,
    readonly share: number,
    /** Stripe answers this refund `pending` (it may fail later: `FailRefund`) */
    readonly pending: boolean,
  ) {
    super();
  }
  async act(s: Sequence) {
    const list = chargedIntents(s);
    if (list.length === 0) return;
    const pi = list[this.pick % list.length]!;
    const m = stripeMoneyOf(s, pi.id);
    const amount = Math.max(1, Math.floor((m.capturedCents - m.refundedCents) * this.share));
    // Stripe's dashboard refuses a disputed charge; the owner then cannot refund it.
    const before = s.refundsPending ?? false;
    s.w.stripe.refundsPending(this.pending || before);
    await s.w.stripe.refund(pi.id, amount).catch(() => undefined);
    s.w.stripe.refundsPending(before);
  }
  toString() {
    return `DashboardRefund(#${this.pick}, ${Math.round(this.share * 100)}%${this.pending ? ', pending' : ''})`;
  }
}

/** Stripe answers refunds `pending` from now on (the card network takes days), or at once again. */
class RefundsPending extends Step {
  constructor(readonly on: boolean) {
    super();
  }
  async act(s: Sequence) {
    s.refundsPending = this.on;
    s.w.stripe.refundsPending(this.on);
  }
  toString() {
    return `RefundsPending(${this.on})`;
  }
}

/** A pending refund Stripe later reports failed (the guest's card was closed) ([money.refund-failed]). */
class FailRefund extends Step {
  constructor(readonly pick: number) {
    super();
  }
  async act(s: Sequence) {
    const ids = new Set(intentsAtStripe(s).map((pi) => pi.id));
    const pending = s.w.stripe.refunds.filter((r) => ids.has(r.payment_intent) && r.status === 'pending');
    if (pending.length > 0) await s.w.stripe.failRefund(pending[this.pick % pending.length]!.id);
  }
  toString() {
    return `FailRefund(#${this.pick})`;
  }
}

/** "A dispute opened": the bank's chargeback of what is left of one charge, or part of it. */
class OpenDispute extends Step {
  constructor(
    readonly pick: number,
    readonly partial: boolean,
  ) {
    super();
  }
  async act(s: Sequence) {
    const list = chargedIntents(s).filter(
      (pi) => ![...s.w.stripe.disputes.values()].some((d) => d.payment_intent === pi.id),
    );
    if (list.length === 0) return;
    const pi = list[this.pick % list.length]!;
    const m = stripeMoneyOf(s, pi.id);
    const left = m.capturedCents - m.refundedCents;
    await s.w.stripe
      .dispute(pi.id, this.partial && left > 1 ? { amount: Math.floor(left / 2) } : {})
      .catch(() => undefined);
  }
  toString() {
    return `OpenDispute(#${this.pick}${this.partial ? ', half' : ''})`;
  }
}

/** "A dispute closed": won or lost. */
class CloseDispute extends Step {
  constructor(readonly outcome: 'won' | 'lost') {
    super();
  }
  async act(s: Sequence) {
    const open = [...s.w.stripe.disputes.values()].find(
      (d) => intentsAtStripe(s).some((pi) => pi.id === d.payment_intent) && d.status === 'needs_response',
    );
    if (open) await s.w.stripe.closeDispute(open.id, this.outcome);
  }
  toString() {
    return `CloseDispute(${this.outcome})`;
  }
}

/** "A damage-deposit hold": the deposit job from check-in − 6 days. */
class DamageHold extends Step {
  async act(s: Sequence) {
    s.w.at(dayAt(s.checkin, -6));
    await s.w.deps.jobs!.runNow(DAMAGE_DEPOSITS_JOB);
  }
  toString() {
    return 'DamageHold';
  }
}

/** "Claim": the owner captures part or all of the hold. */
class DamageClaim extends Step {
  constructor(readonly cents: number) {
    super();
  }
  async act(s: Sequence) {
    answered(
      await asOwner(s.w).post(`/api/bookings/${s.bookingId}/damage-deposit/claim`, {
        amountCents: this.cents,
        reason: 'Broken lamp in the den',
      }),
      'claim',
    );
  }
  toString() {
    return `DamageClaim(${this.cents})`;
  }
}

/** "Release": the deposit job on check-out + 3 days lets the hold go. */
class DamageRelease extends Step {
  async act(s: Sequence) {
    s.w.at(dayAt(s.checkout, 3, 16));
    await s.w.deps.jobs!.runNow(DAMAGE_DEPOSITS_JOB);
  }
  toString() {
    return 'DamageRelease';
  }
}

const LOSABLE = {
  refund: { method: 'POST', path: '/v1/refunds' },
  create: { method: 'POST', path: '/v1/payment_intents' },
  capture: { method: 'POST', path: /^\/v1\/payment_intents\/[^/]+\/capture$/ },
  cancel: { method: 'POST', path: /^\/v1\/payment_intents\/[^/]+\/cancel$/ },
} as const;

/**
 * "A lost Stripe answer": the next request of the kind is done at Stripe (its webhooks delivered)
 * and its answer lost; the gateway makes no retries, so the step after sees an unknown outcome.
 */
class LoseAnswer implements Cmd {
  constructor(readonly target: keyof typeof LOSABLE) {}
  check() {
    return true;
  }
  async run(_m: Model, s: Sequence) {
    s.w.stripe.clearFaults();
    s.w.stripe.loseNext(LOSABLE[this.target]);
    s.armed = true;
    await after(s, true);
  }
  toString() {
    return `LoseNextAnswer(${this.target})`;
  }
}

/** "A server restart": a new app over the same SQLite file. */
class Restart extends Step {
  async act(s: Sequence) {
    await s.w.restart();
  }
  toString() {
    return 'Restart';
  }
}

/**
 * Every command, with its arbitrary parameters, weighted so that a sequence of 12 often reaches
 * the states that need two steps (a hold, then its claim; a pending refund, then its failure).
 */
export const moneyCommands = [
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(0, 2).map((h) => new ChargeBalance(h)) },
    { weight: 2, arbitrary: fc.boolean().map((pay) => new PagePayment(pay)) },
    { weight: 3, arbitrary: fc.boolean().map((page) => new PaymentLink(page)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('owner' as const, 'guest' as const),
          fc.constantFrom('policy' as const, 'all' as const, 'none' as const),
        )
        .map(([by, refund]) => new Cancel(by, refund)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.nat(3), fc.constantFrom(0.25, 0.5, 1), fc.boolean())
        .map(([pick, share, pending]) => new DashboardRefund(pick, share, pending)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.nat(3), fc.boolean()).map(([pick, partial]) => new OpenDispute(pick, partial)),
    },
    { weight: 4, arbitrary: fc.constantFrom('won' as const, 'lost' as const).map((o) => new CloseDispute(o)) },
    { weight: 3, arbitrary: fc.constant(new DamageHold()) },
    { weight: 3, arbitrary: fc.constantFrom(12_500, 50_000).map((c) => new DamageClaim(c)) },
    { weight: 2, arbitrary: fc.constant(new DamageRelease()) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...(Object.keys(LOSABLE) as (keyof typeof LOSABLE)[])).map((t) => new LoseAnswer(t)),
    },
    { weight: 1, arbitrary: fc.constant(new Restart()) },
    { weight: 1, arbitrary: fc.boolean().map((on) => new RefundsPending(on)) },
    { weight: 3, arbitrary: fc.nat(3).map((pick) => new FailRefund(pick)) },
  ),
];
