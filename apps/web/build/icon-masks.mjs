import plugin from 'tailwindcss/plugin';

/**
 * lucide icons drawn by CSS, for the icons a list repeats on every card (issue 22): a card's
 * `<span class="icon-mask-map-pin size-4">` is one empty element, where lucide's `<svg>` is three
 * and about 450 bytes. On All Services the cards' icons were a fifth of the page's elements and a
 * quarter of its bytes, all of them rendered on the server and walked again by the browser's
 * hydration. The shapes are lucide's own (its icon data, read here at build time), so they stay
 * what the `<svg>` icons draw.
 *
 * Gives, for each icon in MASKED and each of its ways (`outline` as lucide draws it, `filled` with
 * its shapes filled too):
 * - `--icon-{name}` (`--icon-{name}-filled`) on the root: the icon as an SVG data URL (the star
 *   rating draws with both of the star's);
 * - the utility `icon-mask-{name}` (`icon-mask-{name}-filled`): an inline block in the text's
 *   colour, cut to the icon's shape; sized by the element's own size (`size-4`). Under forced
 *   colours it is drawn in CanvasText, as the system draws text.
 *
 * Only the ways listed are made (each is about 400 bytes of the render-blocking stylesheet). An
 * icon that is focusable, labelled or drawn once on a page stays a lucide `<svg>`.
 */
const MASKED = { 'map-pin': ['outline'], star: ['outline', 'filled'], 'user-round': ['outline'] };

const icons = await Promise.all(
  Object.entries(MASKED).map(async ([name, ways]) => ({
    name,
    ways,
    node: (await import(`lucide-react/icons/${name}`)).__iconData?.node,
  })),
);
// Each icon module's `__iconData` is lucide's (1.x); a lucide without it fails the build, not the icons.
const missing = icons.filter(({ node }) => !Array.isArray(node)).map(({ name }) => name);
if (missing.length > 0)
  throw new Error(`lucide-react/icons/* no longer export __iconData (${missing}): update build/icon-masks.mjs.`);

const XML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
/**
 * An attribute value as it goes into the data URL: escaped for the SVG (inside single quotes), then
 * `%` and `#` for the URL (the rest of the URL's characters may stand as they are).
 */
const escapeValue = (value) =>
  String(value)
    .replace(/[&<>'"]/g, (c) => XML_ENTITIES[c])
    .replaceAll('%', '%25')
    .replaceAll('#', '%23');

/** The icon as an SVG data URL: lucide's shapes with its stroke, filled or not. */
export function iconUrl(node, { filled = false } = {}) {
  const shapes = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => `${key}='${escapeValue(value)}'`)
        .join(' ');
      return `%3C${tag} ${attrs}/%3E`;
    })
    .join('');
  const fill = filled ? '%23000' : 'none';
  return (
    `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='${fill}' ` +
    `stroke='%23000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E${shapes}%3C/svg%3E")`
  );
}

export default plugin(({ addBase, matchUtilities }) => {
  const variables = {};
  const values = {};
  for (const { name, ways, node } of icons) {
    for (const way of ways) {
      const key = way === 'filled' ? `${name}-filled` : name;
      variables[`--icon-${key}`] = iconUrl(node, { filled: way === 'filled' });
      values[key] = `var(--icon-${key})`;
    }
  }
  addBase({ ':root': variables });
  matchUtilities(
    {
      'icon-mask': (image) => ({
        display: 'inline-block',
        'flex-shrink': '0',
        'background-color': 'currentColor',
        'mask-image': image,
        'mask-size': '100% 100%',
        'mask-repeat': 'no-repeat',
        'print-color-adjust': 'exact',
        '@media (forced-colors: active)': { 'forced-color-adjust': 'none', 'background-color': 'CanvasText' },
      }),
    },
    { values },
  );
});
