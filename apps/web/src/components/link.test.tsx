import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from './link';

/** Where the router is, how it got there, and the state it was given. */
function Where() {
  const location = useLocation();
  const how = useNavigationType();
  return (
    <output aria-label="where">
      {`${location.pathname}${location.search}|${how}|${JSON.stringify(location.state ?? null)}`}
    </output>
  );
}

function renderAt(url: string, link: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      {link}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

describe('Link', () => {
  it('is an <a href> to the address, with what it is given (class, rel, children)', () => {
    renderAt(
      '/',
      <Link to="/services?page=2" className="link" rel="nofollow">
        Next
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Next' });
    expect(link).toHaveAttribute('href', '/services?page=2');
    expect(link).toHaveClass('link');
    expect(link).toHaveAttribute('rel', 'nofollow');
  });

  it("opens the app's page without reloading: a new history entry, with its state", () => {
    renderAt(
      '/',
      <Link to="/login" state={{ from: '/services/1' }}>
        Sign in
      </Link>,
    );
    const click = fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(where()).toBe('/login|PUSH|{"from":"/services/1"}');
  });

  it('resolves a query or fragment alone against the page shown, as React Router does', () => {
    renderAt(
      '/services?search=phone',
      <>
        <Link to="?search=phone&page=2">Page 2</Link>
        <Link to="#reviews">Reviews</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/services?search=phone&page=2');
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/services?search=phone#reviews');
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(where()).toBe('/services?search=phone&page=2|PUSH|null');
  });

  it('replaces the entry when it links to the page shown, or when told to', () => {
    const { unmount } = renderAt('/services?page=2', <Link to="/services?page=2">Same</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Same' }));
    expect(where()).toBe('/services?page=2|REPLACE|null');
    unmount();
    renderAt(
      '/',
      <Link to="/services" replace>
        Replace
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Replace' }));
    expect(where()).toBe('/services|REPLACE|null');
  });

  it('leaves to the browser a click with a modifier key, another button or another target', () => {
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
      </>,
    );
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      expect(fireEvent.click(screen.getByRole('link', { name: 'A' }), { [modifier]: true })).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'A' }), { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'B' }))).toBe(true);
    expect(where()).toBe('/|POP|null');
  });

  it("leaves another site's address to the browser", () => {
    renderAt('/', <Link to="https://example.com/x">Away</Link>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Away' }))).toBe(true);
    expect(where()).toBe('/|POP|null');
  });

  it('runs its onClick first, and stays put when that prevents the default', () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      '/',
      <Link to="/services" onClick={onClick}>
        Stay
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Stay' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(where()).toBe('/|POP|null');
  });
});

describe('NavLink', () => {
  const active = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

  it('is the page shown on its own path, and on the pages under it unless `end`', () => {
    renderAt(
      '/services/1/phone-repair?x=1',
      <>
        <NavLink to="/services" className={active}>
          Under
        </NavLink>
        <NavLink to="/services" end className={active}>
          End
        </NavLink>
        <NavLink to="/SERVICES/1/phone-repair" end className={active}>
          Itself
        </NavLink>
        <NavLink to="/serv" className={active}>
          Prefix
        </NavLink>
        <NavLink to="/" className={active}>
          Home
        </NavLink>
      </>,
    );
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Under')).toHaveClass('on');
    expect(link('Under')).toHaveAttribute('aria-current', 'page');
    expect(link('End')).toHaveClass('off');
    expect(link('End')).not.toHaveAttribute('aria-current');
    expect(link('Itself')).toHaveClass('on'); // letter case aside
    expect(link('Prefix')).toHaveClass('off'); // a path's prefix is not a page under it
    expect(link('Home')).toHaveClass('off'); // the home page's link is the home page's only
  });

  it('takes a plain class, and opens its page as Link does', () => {
    renderAt(
      '/',
      <NavLink to="/services?page=2" className="btn">
        All
      </NavLink>,
    );
    expect(screen.getByRole('link', { name: 'All' })).toHaveClass('btn');
    fireEvent.click(screen.getByRole('link', { name: 'All' }));
    expect(where()).toBe('/services?page=2|PUSH|null');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });
});
