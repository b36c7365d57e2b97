import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scrolls to the top on a new page (not on back/forward, where the browser restores the position). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
