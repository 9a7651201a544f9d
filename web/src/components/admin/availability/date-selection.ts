import { addDays, daysBetween } from '@ridgeline/core';

/**
 * The calendar's date selection ([availability.selection]): none, one date, or a range. The
 * second click completes the range (an earlier second click reorders it); a click after a
 * completed range starts over. Clear Selection and a successful update reset it.
 */
export type DateSelection =
  { kind: 'none' } | { kind: 'one'; date: string } | { kind: 'range'; start: string; end: string };

export type SelectionAction = { type: 'click'; date: string } | { type: 'clear' };

export const NO_SELECTION: DateSelection = { kind: 'none' };

export function selectionReducer(state: DateSelection, action: SelectionAction): DateSelection {
  if (action.type === 'clear') return NO_SELECTION;
  const { date } = action;
  if (state.kind === 'one') {
    return daysBetween(state.date, date) >= 0
      ? { kind: 'range', start: state.date, end: date }
      : { kind: 'range', start: date, end: state.date };
  }
  return { kind: 'one', date };
}

/** Every selected date, earliest first (`YYYY-MM-DD`). */
export function selectedDates(selection: DateSelection): string[] {
  switch (selection.kind) {
    case 'none':
      return [];
    case 'one':
      return [selection.date];
    case 'range': {
      const n = daysBetween(selection.start, selection.end);
      return Array.from({ length: n + 1 }, (_, i) => addDays(selection.start, i));
    }
  }
}

/** True when `date` is selected (without listing a long range). */
export function isSelected(selection: DateSelection, date: string): boolean {
  switch (selection.kind) {
    case 'none':
      return false;
    case 'one':
      return selection.date === date;
    case 'range':
      return date >= selection.start && date <= selection.end;
  }
}
