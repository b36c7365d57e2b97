import { compile } from 'tailwindcss';
import type { LucideIconData } from 'lucide-react';
import * as mapPinModule from 'lucide-react/icons/map-pin';
import * as starModule from 'lucide-react/icons/star';
import { describe, expect, it } from 'vitest';
import iconMasks, { iconUrl } from './icon-masks.mjs';

// Each icon module's data, which its types do not declare (build/icon-masks.mjs reads the same).
const dataOf = (module: object) => (module as { __iconData: LucideIconData }).__iconData;
const mapPin = dataOf(mapPinModule);
const star = dataOf(starModule);

/** The stylesheet Tailwind makes with the plugin for these class names. */
async function cssFor(classes: string[]): Promise<string> {
  const compiler = await compile('@layer theme, base, components, utilities; @tailwind utilities; @plugin "masks";', {
    base: '/',
    loadModule: async (id, base) => ({ module: iconMasks, base, path: id }),
  });
  return compiler.build(classes);
}

/** The SVG document inside a data URL as the plugin writes it (`url("data:image/svg+xml,...")`). */
function svgOf(url: string): SVGSVGElement {
  const data = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(url)?.[1];
  if (data === undefined) throw new Error(`not an SVG data URL: ${url}`);
  const doc = new DOMParser().parseFromString(decodeURIComponent(data), 'image/svg+xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc.documentElement as unknown as SVGSVGElement;
}

describe('icon masks (build/icon-masks.mjs)', () => {
  it("draws lucide's own shapes, outlined or filled, with lucide's stroke", () => {
    const outline = svgOf(iconUrl(mapPin.node));
    expect(outline.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(outline.getAttribute('fill')).toBe('none');
    expect(outline.getAttribute('stroke-width')).toBe('2');
    expect(outline.getAttribute('stroke-linecap')).toBe('round');
    const shapes = [...outline.children].map((shape) => [
      shape.tagName,
      Object.fromEntries([...shape.attributes].map((a) => [a.name, a.value])),
    ]);
    expect(shapes).toEqual(mapPin.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]));

    const filled = svgOf(iconUrl(star.node, { filled: true }));
    expect(filled.getAttribute('fill')).toBe('#000');
    expect(filled.querySelector('path')?.getAttribute('d')).toBe(star.node[0]?.[1].d);
  });

  it("keeps any attribute's characters through CSS's quotes and the data URL's escapes", () => {
    const odd = `a"b#c<d>e'f%20g`;
    const url = iconUrl([['path', { d: 'M1 1h2', 'aria-label': odd, key: 'k' }]]);
    expect(url).toContain("aria-label='a&quot;b%23c&lt;d&gt;e&apos;f%2520g'");
    const path = svgOf(url).querySelector('path');
    expect(path?.getAttribute('aria-label')).toBe(odd);
    expect(path?.hasAttribute('key')).toBe(false);
  });

  it('makes a utility for each listed icon and way, and nothing for the rest', async () => {
    const css = await cssFor(['icon-mask-map-pin', 'icon-mask-star-filled', 'icon-mask-map-pin-filled', 'icon-mask-x']);
    expect(css).toMatch(
      /\.icon-mask-map-pin \{[^}]*background-color: currentColor;[^}]*mask-image: var\(--icon-map-pin\);/,
    );
    expect(css).toContain('mask-image: var(--icon-star-filled);');
    expect(css).not.toContain('.icon-mask-map-pin-filled');
    expect(css).not.toContain('.icon-mask-x');
    // The shapes once, on the root, for the utilities and the star rating to share.
    expect(css).toContain(`--icon-map-pin: ${iconUrl(mapPin.node)};`);
    expect(css).toContain(`--icon-star: ${iconUrl(star.node)};`);
    expect(css).not.toContain('--icon-map-pin-filled');
    // Seen under forced colours, where a background would be dropped.
    expect(css).toMatch(
      /@media \(forced-colors: active\) \{\s*forced-color-adjust: none;\s*background-color: CanvasText;/,
    );
  });
});
