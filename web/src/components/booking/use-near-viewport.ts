import { useEffect, useState, type RefObject } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * True once the element comes within `margin` of the viewport (and stays true): lets a section
 * load its code just before the visitor scrolls to it. True right after mounting where
 * IntersectionObserver is missing. False while a server-rendered page hydrates, so the page
 * hydrates with the server's markup.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '800px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  const hydrated = useHydrated();
  return near || (hydrated && typeof IntersectionObserver === 'undefined');
}
