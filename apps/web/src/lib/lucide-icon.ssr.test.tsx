import { Star, UserRound } from 'lucide-react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from './lucide-icon';

// Run with React, as the server renders (vitest.config.ts); the browser's build and tests get the
// same swap (build/lucide-icon.ts), so both sides make this markup.

const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

describe("lucide-react's icons", () => {
  it("render our Icon, not lucide's own (the build swaps it in)", () => {
    // createLucideIcon's component is a forwardRef whose render makes an element of lucide's Icon.
    const made = (Star as unknown as { render: (props: object, ref: null) => ReactElement }).render({}, null);
    expect(made.type).toBe(Icon);
  });

  it("make lucide's markup: its attributes and classes, hidden from screen readers", () => {
    expect(renderToStaticMarkup(<Star className="size-4 text-warning" />)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
        `class="lucide lucide-star size-4 text-warning" aria-hidden="true"><path d="${STAR_PATH}"></path></svg>`,
    );
  });

  it("name the icon's aliases in its classes, as lucide does", () => {
    const svg = renderToStaticMarkup(<UserRound />);
    expect(svg).toContain('class="lucide lucide-user-round lucide-user-2"');
    expect(svg).toContain('<circle cx="12" cy="8" r="5"></circle><path d="M20 21a8 8 0 0 0-16 0"></path>');
  });

  it('leave a labelled icon to screen readers, and take a size, colour and stroke width', () => {
    const svg = renderToStaticMarkup(
      <Star aria-label="Rating" role="img" size={16} color="gold" strokeWidth={1.5} data-x="y" />,
    );
    expect(svg).not.toContain('aria-hidden');
    expect(svg).toContain('aria-label="Rating"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('width="16" height="16"');
    expect(svg).toContain('stroke="gold" stroke-width="1.5"');
    expect(svg).toContain('data-x="y"');
    expect(svg).toContain('class="lucide lucide-star"');
  });
});
