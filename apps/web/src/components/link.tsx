import { forwardRef, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { UNSAFE_NavigationContext as NavigationContext, useLocation } from 'react-router';

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
 * the browser's hydration. This one reads the router's navigator and the location only: not even
 * `useNavigate`, which serialises the route's matches to JSON on every call to resolve relative
 * paths (this app's paths are absolute) and was still a tenth of a service page's render.
 * ESLint keeps React Router's `Link` and `NavLink` out of the app.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, state, replace, onClick, target, ...rest },
  ref,
) {
  // The router's history (BrowserRouter's, MemoryRouter's in tests): what useNavigate calls in the end.
  const { navigator } = useContext(NavigationContext);
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
        if (replace ?? here === href) navigator.replace(href, state);
        else navigator.push(href, state);
      }}
    />
  );
});

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on the page itself, not on the pages under it (`/services` and not `/services/1`). */
  end?: boolean;
  /** A class, or one made from whether the link is the page shown. */
  className?: string | ((state: { isActive: boolean }) => string);
};

/**
 * A link that knows when it is the page shown (the header's and menus' links), as React Router's
 * `<NavLink>`: `aria-current="page"` and its `className({ isActive })` then. Active when the
 * address's path is the link's (letter case aside), or a page under it unless `end`, decided as
 * React Router decides it. Built on Link, so it costs a comparison more (React Router's resolves its path
 * and matches it on every render).
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, ...rest },
  ref,
) {
  const isActive = isActivePath(useLocation().pathname, rest.to, end);
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
});

/**
 * Whether a NavLink to `to` is active at `pathname`: its path (letter case aside), or a page under
 * it unless `end`, as React Router decides it (`/` itself is only ever the home page).
 */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const current = pathname.toLowerCase();
  const path = to.replace(/[?#].*$/, '').toLowerCase();
  const slash = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  return current === path || (!end && current.startsWith(path) && current.charAt(slash) === '/');
}
