import Check from 'lucide-react/icons/check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import Lock from 'lucide-react/icons/lock';
import Minus from 'lucide-react/icons/minus';
import type { DayStatus } from '@ridgeline/core';

/**
 * How each day status looks ([availability.grid]: green available, yellow unavailable, red
 * blocked, gray not set). Dark text on light tints keeps every word above 7:1, and each status
 * has its own icon and word, so colour is never the only cue.
 */
export const DAY_STATUS_STYLE: Record<DayStatus, { cell: string; swatch: string; icon: typeof Check }> = {
  Available: {
    cell: 'border-green-600/70 bg-green-100 text-green-950 hover:bg-green-200',
    swatch: 'border-green-600/70 bg-green-100 text-green-900',
    icon: Check,
  },
  Unavailable: {
    cell: 'border-yellow-600/70 bg-yellow-100 text-yellow-950 hover:bg-yellow-200',
    swatch: 'border-yellow-600/70 bg-yellow-100 text-yellow-900',
    icon: Minus,
  },
  Blocked: {
    cell: 'border-red-600/70 bg-red-100 text-red-950 hover:bg-red-200',
    swatch: 'border-red-600/70 bg-red-100 text-red-900',
    icon: Lock,
  },
  'Not Set': {
    cell: 'border-gray-300 bg-gray-50 text-gray-700 hover:bg-gray-100',
    swatch: 'border-gray-300 bg-gray-50 text-gray-700',
    icon: CircleDashed,
  },
};

export const DAY_STATUSES: readonly DayStatus[] = ['Available', 'Unavailable', 'Blocked', 'Not Set'];
