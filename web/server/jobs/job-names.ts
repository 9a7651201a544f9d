/** The server's background jobs, by the names call sites trigger them with (see jobs.ts). */
export const HOLD_SWEEP_JOB = 'hold-sweep';
export const CALENDAR_AUTO_SYNC_JOB = 'calendar-auto-sync';
export const CLEANING_RECONCILE_JOB = 'cleaning-reconcile';
export const CONFIRMATION_EMAILS_JOB = 'confirmation-emails';
export const HOUSEKEEPING_JOB = 'housekeeping';
export const OWNER_NOTICES_JOB = 'owner-notices';
export const DAMAGE_DEPOSITS_JOB = 'damage-deposits';
export const BALANCE_CHARGES_JOB = 'balance-charges';
export const REVIEW_REQUESTS_JOB = 'review-requests';
export const LATE_PAYMENT_REFUNDS_JOB = 'late-payment-refunds';
export const RECONCILE_JOB = 'reconcile';
export const TAX_RETURN_REMINDERS_JOB = 'tax-return-reminders';
/** Issue 28: sends the scheduled guest messages that are due ([messages.schedule]). */
export const GUEST_MESSAGES_JOB = 'guest-messages';
/** Issue 28: sets, changes and removes the per-stay door codes on the smart lock ([lock.codes]). */
export const DOOR_CODES_JOB = 'door-codes';
