import type { StayChannel } from '@ridgeline/core';

/**
 * How each channel looks in the grid, the dialog and the Upcoming list ([availability.stays]):
 * a word always (colour is never the only cue) and a tint whose text keeps at least 4.5:1
 * (WCAG 2.2 AA 1.4.3). Holds and blocks are striped too, as they are not guests' stays.
 */
export const STAY_CHANNEL_STYLE: Record<StayChannel, { label: string; band: string }> = {
  direct: { label: 'Direct', band: 'border-forest-700 bg-forest-700 text-white' },
  manual: { label: 'Manual', band: 'border-teal-800 bg-teal-800 text-white' },
  owner: { label: 'Owner stay', band: 'border-violet-800 bg-violet-800 text-white' },
  airbnb: { label: 'Airbnb', band: 'border-rose-700 bg-rose-700 text-white' },
  vrbo: { label: 'VRBO', band: 'border-blue-800 bg-blue-800 text-white' },
  booking: { label: 'Booking.com', band: 'border-sky-900 bg-sky-900 text-white' },
  block: {
    label: 'Block',
    band: 'border-gray-600 bg-gray-100 text-gray-900 bg-[repeating-linear-gradient(135deg,transparent_0_4px,rgb(0_0_0/0.08)_4px_8px)]',
  },
  hold: {
    label: 'Hold',
    band: 'border-amber-800 border-dashed bg-amber-50 text-amber-950',
  },
};

/** The name of a stay's guest, or what stands for it. */
export function guestLabel(stay: { guestName: string | null; channel: StayChannel }): string {
  if (stay.guestName) return stay.guestName;
  return stay.channel === 'block' ? 'No guest' : 'Guest not given by the platform';
}
