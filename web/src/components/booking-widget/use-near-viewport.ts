import { useEffect, useState, type RefObject } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * True once the element comes within `margin` of the viewport (and stays true): lets a section
 * load its code just before the visitor scrolls to it. True at once where IntersectionObserver
 * is missing (from the first render after hydration: false on the server, so the server's HTML
 * and the browser's hydration agree).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '800px'): boolean {
  const [near, setNear] = useState(false);
  const noObserver = useHydrated() && typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (near || noObserver || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, noObserver]);
  return near || noObserver;
}
