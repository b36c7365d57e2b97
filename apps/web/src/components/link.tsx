import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The address: a path of this site ("/services?page=2"), a query of this page ("?page=2"), or any other URL (followed as a plain link). */
  to: string;
  /** History state for the page it opens (as React Router's `<Link state>`). */
  state?: unknown;
  /** Replaces the current history entry instead of adding one (a link to the page shown always does). */
  replace?: boolean;
};

/** A click the browser should handle itself: another button, a modifier key (new tab, window, download), another target. */
const browserHandles = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== '_self');

/**
 * The app's link: an `<a href>` that opens a page of the app without reloading, as React Router's
 * `<Link>` does for the app's absolute paths (the only kind it uses). Why not React Router's: its
 * Link resolves its path, reads the location and sets up prefetching on every render, about 25
 * hooks per link, 45 links on All Services: a tenth of a public page's server render, and as much of
 * the browser's hydration. This one asks for `navigate` and the location only. NavLink (the header's, which marks the
 * page shown) stays React Router's. ESLint keeps React Router's `Link` out of the app.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, state, replace, onClick, target, ...rest },
  ref,
) {
  const navigate = useNavigate();
  const location = useLocation();
  // A query or fragment alone is this page's ("?page=2"), as React Router resolves it.
  const href = to.startsWith('?')
    ? location.pathname + to
    : to.startsWith('#')
      ? location.pathname + location.search + to
      : to;
  const inApp = href.startsWith('/') && !href.startsWith('//');
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!inApp || event.defaultPrevented || browserHandles(event, target)) return;
        event.preventDefault();
        const here = location.pathname + location.search + location.hash;
        navigate(href, { state, replace: replace ?? here === href });
      }}
    />
  );
});
