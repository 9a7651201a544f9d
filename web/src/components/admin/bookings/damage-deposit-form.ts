/**
 * The "Claim damage deposit" dialog's values ([deposit.claim]): the amount in dollars as typed and
 * the reason, turned into the body of `POST /api/bookings/{id}/damage-deposit/claim` and checked
 * with its contract (`claimDamageDepositRequestSchema`), plus the hold it may not exceed.
 */
import { z } from 'zod';
import { claimDamageDepositRequestSchema, formatCents, type ClaimDamageDepositRequest } from '@ridgeline/core';
import { dollarsToCents } from '../settings/settings-form-values';

export interface ClaimDepositFormValues {
  /** dollars, e.g. "125" or "125.50" */
  amountDollars: string;
  reason: string;
}

/** The form's resolver schema for a hold of `heldCents`: issues land on `amountDollars` and `reason`. */
export function claimDepositFormSchema(heldCents: number) {
  return z
    .custom<ClaimDepositFormValues>()
    .transform((v, ctx): ClaimDamageDepositRequest => {
      const cents = dollarsToCents(v.amountDollars);
      if (Number.isNaN(cents) || cents < 1) ctx.addIssue({ code: 'custom', path: ['amountDollars'], message: 'Enter an amount in dollars, like 125 or 125.50' });
      else if (cents > heldCents) ctx.addIssue({ code: 'custom', path: ['amountDollars'], message: `At most ${formatCents(heldCents)} (the hold) can be claimed` });
      return { amountCents: Number.isNaN(cents) ? 0 : cents, reason: v.reason };
    })
    .pipe(claimDamageDepositRequestSchema);
}
