import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCarousel } from './use-carousel';

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('advances every 5 s and wraps around', () => {
    const { result } = renderHook(() => useCarousel({ count: 3 }));
    expect(result.current.index).toBe(0);
    advance(4999);
    expect(result.current.index).toBe(0);
    advance(1);
    expect(result.current.index).toBe(1);
    advance(5000);
    expect(result.current.index).toBe(2);
    advance(5000);
    expect(result.current.index).toBe(0);
  });

  it('pauses while hovered and resumes on leave', () => {
    const { result } = renderHook(() => useCarousel({ count: 9 }));
    act(() => result.current.hoverHandlers.onMouseEnter());
    advance(20_000);
    expect(result.current.index).toBe(0);
    expect(result.current.autoplay).toBe(true);
    expect(result.current.playing).toBe(false);
    act(() => result.current.hoverHandlers.onMouseLeave());
    advance(5000);
    expect(result.current.index).toBe(1);
  });

  it('stops autoplay on a manual move and restarts it 10 s after the last one', () => {
    const { result } = renderHook(() => useCarousel({ count: 9 }));
    act(() => result.current.goTo(4));
    expect(result.current).toMatchObject({ index: 4, autoplay: false });
    advance(6000);
    act(() => result.current.next());
    expect(result.current).toMatchObject({ index: 5, autoplay: false });
    // 10 s counts from the last manual action, not the first.
    advance(9999);
    expect(result.current.autoplay).toBe(false);
    advance(1);
    expect(result.current).toMatchObject({ index: 5, autoplay: true });
    advance(5000);
    expect(result.current.index).toBe(6);
  });

  it('goes back from the first slide to the last', () => {
    const { result } = renderHook(() => useCarousel({ count: 9 }));
    act(() => result.current.previous());
    expect(result.current.index).toBe(8);
  });
});
