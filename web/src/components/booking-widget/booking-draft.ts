import { MAX_GUESTS, isIsoDate } from '@ridgeline/core';
import { EMPTY_GUEST_DETAILS, GUEST_DETAIL_FIELDS, type GuestDetails } from './guest-details';

/**
 * What the guest entered in the booking section, kept in this tab's session storage when they
 * continue to payment: coming back (the browser's Back button, or a redirect because the nights
 * were just taken or the price changed) shows the same stay and details instead of an empty form.
 */
export interface BookingDraft {
  checkin?: string;
  checkout?: string;
  guests: number;
  details: GuestDetails;
}

const KEY = 'ridgeline.booking-draft';
export const DEFAULT_GUESTS = 2;

/**
 * Reads a draft back; anything malformed is dropped, and past dates are forgotten.
 * @param today YYYY-MM-DD in the property's time zone
 */
export function parseDraft(raw: string | null, today: string): BookingDraft | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const details = { ...EMPTY_GUEST_DETAILS };
  const stored = (v.details ?? {}) as Record<string, unknown>;
  for (const field of GUEST_DETAIL_FIELDS) if (typeof stored[field] === 'string') details[field] = stored[field];
  const guests = Number.isInteger(v.guests) && (v.guests as number) >= 1 && (v.guests as number) <= MAX_GUESTS ? (v.guests as number) : DEFAULT_GUESTS;
  const checkin = typeof v.checkin === 'string' && isIsoDate(v.checkin) && v.checkin >= today ? v.checkin : undefined;
  const checkout = checkin && typeof v.checkout === 'string' && isIsoDate(v.checkout) && v.checkout > checkin ? v.checkout : undefined;
  return { ...(checkin ? { checkin } : {}), ...(checkout ? { checkout } : {}), guests, details };
}

/** The draft of this tab, if any. */
export function loadDraft(today: string): BookingDraft | undefined {
  try {
    return parseDraft(window.sessionStorage.getItem(KEY), today);
  } catch {
    return undefined; // storage disabled
  }
}

export function saveDraft(draft: BookingDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the guest just starts over if they come back.
  }
}

/** Forgets the draft (after a booking is paid). */
export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
