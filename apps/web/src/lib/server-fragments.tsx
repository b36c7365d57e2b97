import { createContext, useContext, type ReactNode } from 'react';

/**
 * The site header and footer of the public pages, rendered once per server process for each of
 * their variants and reused (issue 22's throughput): they are about half the elements of a service
 * page and a third of its render time, and a visitor's header or footer depends on a few things
 * only (the language, which of its links is the page shown, the year), which the component names
 * as the fragment's key.
 *
 * A component asks `useServerFragment(tag, key)`: on the server, after a render has made that
 * variant, it gets the element's inner HTML and renders the element with it as
 * `dangerouslySetInnerHTML`, the same bytes as rendering its children (the tests compare whole
 * pages rendered both ways). In the browser there is no store: the hook answers nothing, and the
 * components render their children as always, so hydration meets the markup it would have made.
 */
export type FragmentTag = 'header' | 'footer';

/** Where the layout's element is in a page's markup: the header first of its tag, the footer last. */
const PLACE: Record<FragmentTag, 'first' | 'last'> = { header: 'first', footer: 'last' };

/** One render's view of the store: the variants it found, and those it must make (and the store then keeps). */
interface FragmentLookup {
  find(tag: FragmentTag, key: string): string | undefined;
}

const FragmentsContext = createContext<FragmentLookup | null>(null);

/**
 * The inner HTML of the layout's `tag` element for the key `keyOf()` makes, when the server has
 * made it before; a null key (a signed-in person's header, say) is never reused. The key is made
 * on the server only: the browser, which has no store, does not pay for it on each render.
 */
export function useServerFragment(tag: FragmentTag, keyOf: () => string | null): string | undefined {
  const lookup = useContext(FragmentsContext);
  const key = lookup && keyOf();
  return lookup && key ? lookup.find(tag, key) : undefined;
}

/** The inner HTML of the first or last `<tag>` element of `html`, if that element holds none of its kind. */
function innerOf(html: string, tag: FragmentTag): string | undefined {
  const open = PLACE[tag] === 'first' ? html.indexOf(`<${tag}`) : html.lastIndexOf(`<${tag}`);
  if (open < 0) return undefined;
  const start = html.indexOf('>', open) + 1;
  const end = PLACE[tag] === 'first' ? html.indexOf(`</${tag}>`, start) : html.lastIndexOf(`</${tag}>`);
  if (start <= 0 || end < start) return undefined;
  const inner = html.slice(start, end);
  return inner.includes(`<${tag}`) || inner.includes(`</${tag}>`) ? undefined : inner;
}

/**
 * The server's fragments: `render` renders a page with them and keeps, from its markup, the
 * variants it had to make. Renders run one at a time (entry-server.tsx), so a render's misses are
 * its own. The variants are a handful (languages × active links × years): nothing is ever dropped.
 */
export class FragmentStore {
  private readonly made = new Map<string, string>();
  private reuses = 0;

  /** How many variants are kept. */
  get size(): number {
    return this.made.size;
  }

  /** How many times a render took a variant made before. */
  get reused(): number {
    return this.reuses;
  }

  /** Forgets every variant (tests: the next renders make them again). */
  clear(): void {
    this.made.clear();
  }

  async render(app: (wrap: (children: ReactNode) => ReactNode) => Promise<string>): Promise<string> {
    const missed = new Map<string, FragmentTag>();
    const lookup: FragmentLookup = {
      find: (tag, key) => {
        const id = `${tag}\u0000${key}`;
        const html = this.made.get(id);
        if (html === undefined) missed.set(id, tag);
        else this.reuses++;
        return html;
      },
    };
    const html = await app((children) => (
      <FragmentsContext.Provider value={lookup}>{children}</FragmentsContext.Provider>
    ));
    for (const [id, tag] of missed) {
      const inner = innerOf(html, tag);
      if (inner !== undefined) this.made.set(id, inner);
    }
    return html;
  }
}
