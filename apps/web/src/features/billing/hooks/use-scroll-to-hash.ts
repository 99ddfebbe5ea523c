import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scrolls the element `id` into view when the URL's hash names it and it is `ready` (its data
 * shown). The browser cannot do it itself: the section is drawn after its data arrives, and a
 * link within the app changes no document. Once per visit; the page's own replacements of the
 * URL (the checkout return removing its parameters) leave the scroll where it is.
 */
export function useScrollToHash(id: string, ready: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || location.hash !== `#${id}` || navigationType === 'REPLACE') return;
    if (scrolledFor.current === location.key) return;
    scrolledFor.current = location.key;
    document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [id, ready, location.hash, location.key, navigationType]);
}
