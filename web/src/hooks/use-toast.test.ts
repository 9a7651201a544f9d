import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, reducer } from './use-toast';

describe('toast store (SPEC §9 notifications)', () => {
  it('shows one toast at a time and removes dismissed toasts after 1,000,000 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
  });

  it('keeps only the newest toast', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'First', open: true } });
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'Second', open: true } });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('closes on dismiss and drops on remove', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '7', open: true } });
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: '7' });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '7' });
    expect(state.toasts).toEqual([]);
  });
});
