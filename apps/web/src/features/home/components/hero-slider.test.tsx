import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/render';
import { serveRoutes, mockReducedMotion } from '../testing/mock-browser';
import { HERO_INTERVAL_MS, HeroSlider } from './hero-slider';

const carousel = () => screen.getByRole('region', { name: 'Highlights' });
/** The label of the slide that is not inert (the one shown). */
const current = () =>
  screen
    .getAllByRole('group')
    .filter((g) => g.getAttribute('aria-roledescription') === 'slide' && !g.hasAttribute('inert'))
    .map((g) => g.getAttribute('aria-label'));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function setup() {
  vi.useFakeTimers();
  renderAt(<HeroSlider />);
}

beforeEach(() => {
  serveRoutes({});
  mockReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('HeroSlider', () => {
  it('is an accessible carousel of three slides labelled "n of 3", the first shown', () => {
    setup();
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = screen.getAllByRole('group').filter((g) => g.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(current()).toEqual(['1 of 3']);
    // Rotating: the live region is off.
    expect(slides[0]!.parentElement).toHaveAttribute('aria-live', 'off');
  });

  it('loads the first image eagerly with high priority and the others lazily, all with a size', () => {
    setup();
    const imgs = Array.from(carousel().querySelectorAll('img'));
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).toHaveAttribute('loading', 'eager');
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    expect(imgs.slice(1).map((i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    for (const img of imgs) {
      expect(img).toHaveAttribute('width', '800');
      expect(img).toHaveAttribute('height', '600');
      expect(img.getAttribute('src')).toMatch(/^\/images\//);
    }
  });

  it('advances every 6 seconds and wraps from 3 to 1', () => {
    setup();
    wait(HERO_INTERVAL_MS - 10);
    expect(current()).toEqual(['1 of 3']);
    wait(10);
    expect(current()).toEqual(['2 of 3']);
    wait(HERO_INTERVAL_MS);
    expect(current()).toEqual(['3 of 3']);
    wait(HERO_INTERVAL_MS);
    expect(current()).toEqual(['1 of 3']);
  });

  it('Space on the carousel pauses (no advance) and plays again', () => {
    setup();
    act(() => carousel().focus());
    fireEvent.keyDown(carousel(), { key: ' ' });
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
    // Paused by the user: it stays paused after focus leaves.
    act(() => carousel().blur());
    wait(HERO_INTERVAL_MS * 3);
    expect(current()).toEqual(['1 of 3']);
    expect(carousel().querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => carousel().focus());
    fireEvent.keyDown(carousel(), { key: ' ' });
    expect(screen.getByRole('button', { name: 'Pause slide show' })).toBeInTheDocument();
    wait(HERO_INTERVAL_MS);
    expect(current()).toEqual(['2 of 3']);
  });

  it('the pause button stops and restarts the rotation', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slide show' }));
    wait(HERO_INTERVAL_MS * 2);
    expect(current()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Play slide show' }));
    wait(HERO_INTERVAL_MS);
    expect(current()).toEqual(['2 of 3']);
  });

  it('ArrowRight and ArrowLeft move, wrapping around', () => {
    setup();
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(current()).toEqual(['2 of 3']);
    fireEvent.keyDown(carousel(), { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel(), { key: 'ArrowLeft' });
    expect(current()).toEqual(['3 of 3']);
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(current()).toEqual(['1 of 3']);
  });

  it('the previous, next and dot buttons move', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toEqual(['3 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(current()).toEqual(['2 of 3']);
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    setup();
    fireEvent.mouseEnter(carousel());
    wait(HERO_INTERVAL_MS * 2);
    expect(current()).toEqual(['1 of 3']);
    fireEvent.mouseLeave(carousel());
    wait(HERO_INTERVAL_MS);
    expect(current()).toEqual(['2 of 3']);
  });

  it('pauses while focus is inside', () => {
    setup();
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    wait(HERO_INTERVAL_MS * 2);
    expect(current()).toEqual(['1 of 3']);
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur());
    wait(HERO_INTERVAL_MS);
    expect(current()).toEqual(['2 of 3']);
  });

  it('does not auto-advance when reduced motion is preferred', () => {
    mockReducedMotion(true);
    setup();
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
    wait(HERO_INTERVAL_MS * 3);
    expect(current()).toEqual(['1 of 3']);
    // Manual navigation still works.
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(current()).toEqual(['2 of 3']);
  });

  it('a swipe longer than 50 px moves; a shorter one does not', () => {
    setup();
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(carousel(), { touches: [{ clientX: from, clientY: 100 }] });
      fireEvent.touchEnd(carousel(), { changedTouches: [{ clientX: to, clientY: 100 }] });
    };
    swipe(200, 160); // 40 px
    expect(current()).toEqual(['1 of 3']);
    swipe(200, 150); // exactly 50 px: not longer than 50
    expect(current()).toEqual(['1 of 3']);
    swipe(200, 120); // 80 px to the left: next
    expect(current()).toEqual(['2 of 3']);
    swipe(100, 200); // 100 px to the right: previous
    expect(current()).toEqual(['1 of 3']);
    swipe(100, 200);
    expect(current()).toEqual(['3 of 3']);
  });

  it("offers 'Join as Provider' (to /register) when logged out", () => {
    setup();
    const links = screen.getAllByRole('link', { name: 'Join as Provider', hidden: true });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', '/register');
  });
});
