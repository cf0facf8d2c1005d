import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the address's #fragment names once the page has rendered. The router does this
 * when navigating within the app; on a first visit (a link from elsewhere, a reload) the browser looks for
 * the element before the page exists, so the page does it here.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
