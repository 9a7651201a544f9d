import { describe, expect, it } from 'vitest';
import { NO_SELECTION, isSelected, selectedDates, selectionReducer, type DateSelection } from './date-selection';

const click = (state: DateSelection, date: string) => selectionReducer(state, { type: 'click', date });

describe('selectionReducer', () => {
  it('selects one date on the first click', () => {
    const one = click(NO_SELECTION, '2026-11-10');
    expect(one).toEqual({ kind: 'one', date: '2026-11-10' });
    expect(selectedDates(one)).toEqual(['2026-11-10']);
  });

  it('completes a range on the second click, later date second', () => {
    const range = click(click(NO_SELECTION, '2026-11-10'), '2026-11-12');
    expect(range).toEqual({ kind: 'range', start: '2026-11-10', end: '2026-11-12' });
    expect(selectedDates(range)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
  });

  it('reorders when the second click is earlier', () => {
    const range = click(click(NO_SELECTION, '2026-12-02'), '2026-11-29');
    expect(range).toEqual({ kind: 'range', start: '2026-11-29', end: '2026-12-02' });
    expect(selectedDates(range)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('clicking the same date twice selects just that date', () => {
    expect(selectedDates(click(click(NO_SELECTION, '2026-11-10'), '2026-11-10'))).toEqual(['2026-11-10']);
  });

  it('starts over after a completed range', () => {
    const range = click(click(NO_SELECTION, '2026-11-10'), '2026-11-12');
    expect(click(range, '2026-11-20')).toEqual({ kind: 'one', date: '2026-11-20' });
  });

  it('clears', () => {
    const range = click(click(NO_SELECTION, '2026-11-10'), '2026-11-12');
    expect(selectionReducer(range, { type: 'clear' })).toEqual(NO_SELECTION);
    expect(selectedDates(NO_SELECTION)).toEqual([]);
  });
});

describe('isSelected', () => {
  it('includes both ends of a range', () => {
    const range: DateSelection = { kind: 'range', start: '2026-11-10', end: '2026-11-12' };
    expect(
      ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'].map((d) => isSelected(range, d)),
    ).toEqual([false, true, true, true, false]);
    expect(isSelected({ kind: 'one', date: '2026-11-10' }, '2026-11-10')).toBe(true);
    expect(isSelected(NO_SELECTION, '2026-11-10')).toBe(false);
  });
});
