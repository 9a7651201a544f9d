/**
 * Words and links of the export feed and the source actions ([ical.panel], [ical.export],
 * [ical.delete]).
 */
import type { FeedVariant } from './calendar-source';

/** [ical.delete]: the browser confirmation before a source is deleted. */
export function deleteConfirmation(name: string): string {
  return `Are you sure you want to delete "${name}"?`;
}

/** What each feed is for; the platform feed is the one other sites import. */
export const FEED_VARIANTS: Record<FeedVariant, { title: string; audience: string; subject: string; body: string }> = {
  platform: {
    title: 'Platform feed',
    audience:
      'Give this one to Airbnb, VRBO and Booking.com ("Import calendar"). It carries no guest names or details: only which nights are taken.',
    subject: 'Ridgeline availability calendar (iCal)',
    body: 'The calendar address (iCal) of Ridgeline, for importing into Airbnb, VRBO or Booking.com. It lists the nights that are taken, without guest details:',
  },
  owner: {
    title: 'Owner feed',
    audience:
      "For your own calendar app (Google Calendar, Apple Calendar, Outlook) only. It includes guests' names and booking details: never give it to a platform or post it.",
    subject: 'Ridgeline bookings calendar (private)',
    body: "The private calendar address (iCal) of Ridgeline's bookings, with guest names and details. Subscribe to it in your calendar app and do not share it further:",
  },
};

/** A `mailto:` link with no recipient (the owner chooses) and the feed address in the body. */
export function feedMailto(variant: FeedVariant, url: string): string {
  const { subject, body } = FEED_VARIANTS[variant];
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${body}\n\n${url}\n`)}`;
}

/** The question asked before a feed address is replaced. */
export function rotateConfirmation(variant: FeedVariant): string {
  return variant === 'platform'
    ? 'Make a new platform feed address? The current one stops working at once: every platform that imports it must be given the new one.'
    : 'Make a new owner feed address? The current one stops working at once: calendar apps subscribed to it must be given the new one.';
}

/** The toast after a feed address was replaced. */
export function rotatedMessage(variant: FeedVariant): string {
  return variant === 'platform'
    ? 'The old platform feed address stopped working. Give the new one to Airbnb, VRBO and Booking.com.'
    : 'The old owner feed address stopped working. Subscribe your calendar app to the new one.';
}
