import { act, render, renderHook, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reducer, toast, useToast } from './use-toast';

describe('toast store ([ui.toasts])', () => {
  it('removes a dismissed toast after 1,000,000 ms, not before', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useToast());
      act(() => result.current.toast({ title: 'Saved' }).dismiss());
      expect(result.current.toasts).toMatchObject([{ title: 'Saved', open: false }]);
      act(() => void vi.advanceTimersByTime(999_999));
      expect(result.current.toasts).toHaveLength(1);
      act(() => void vi.advanceTimersByTime(1));
      expect(result.current.toasts).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
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

describe('useToast subscription', () => {
  it('shows a toast raised by an earlier sibling’s effect, before the reader subscribed', () => {
    function Raiser() {
      useEffect(() => {
        toast({ title: 'Dates No Longer Available' });
      }, []);
      return null;
    }
    function Reader() {
      const { toasts } = useToast();
      return <p>{toasts.map((t) => t.title).join(', ')}</p>;
    }
    render(
      <>
        <Raiser />
        <Reader />
      </>,
    );
    expect(screen.getByText('Dates No Longer Available')).toBeTruthy();
  });
});
