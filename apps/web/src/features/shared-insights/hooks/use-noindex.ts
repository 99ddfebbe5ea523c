import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is shown: a shared report is for the
 * people it was sent to. The tag is added on mount and removed on leaving.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
