import { vi } from 'vitest';

/** Test support (the SPA's tests only): stand-ins for what jsdom lacks and for `fetch`. */

/** jsdom has no ResizeObserver; Radix's Switch measures itself with one (layout plays no part in these tests). */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** `fetch` answering `response` to every call; answers the mock, to read its calls. */
export function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
