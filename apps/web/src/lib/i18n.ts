import { coreResources } from '../locales/en/core';

/**
 * Every visible string comes from the English resources (locales/en, one JSON file per namespace).
 * The namespaces of the shell (common, layout, search) load with the app; each route adds its own
 * with `addTranslations`, so their texts travel in the route's chunk.
 *
 * A small stand-in for i18next with the parts the app uses: nested keys (`list.countOnly`),
 * `ns:key` prefixes, `{{var}}` interpolation, and `_one`/`_other` plurals picked from `count`
 * with the English plural rules. A missing key returns the key (and warns in development).
 */

/** A namespace's texts: JSON, strings nested in objects and arrays, reached by `a.b.0.c` keys. */
export type Text = string | number | boolean | null | Bundle | readonly Text[];
export interface Bundle {
  readonly [key: string]: Text;
}

/** Values for `{{var}}` placeholders; `count` also picks the plural form. */
export type TOptions = Readonly<Record<string, string | number | undefined>>;

export type TFunction = (key: string, options?: TOptions) => string;

const bundles = new Map<string, Bundle>();
const translators = new Map<string, TFunction>();
const pluralRules = new Intl.PluralRules('en');

/** Registers a namespace's texts; a namespace already registered keeps its first bundle. */
export function addTranslations(namespace: string, bundle: Bundle): void {
  if (!bundles.has(namespace)) bundles.set(namespace, bundle);
}

/** The resource at `key` in a namespace (e.g. a list of sample texts), as stored. */
export function getResource(namespace: string, key: string): Text | undefined {
  let node: Text | undefined = bundles.get(namespace);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Bundle)[part] : undefined;
  return node;
}

function lookup(namespace: string, key: string): string | undefined {
  const text = getResource(namespace, key);
  return typeof text === 'string' ? text : undefined;
}

/** The text of `key` (or `ns:key`) in `namespace`, its placeholders filled from `options`. */
export function translate(namespace: string, key: string, options: TOptions = {}): string {
  const colon = key.indexOf(':');
  if (colon > 0 && bundles.has(key.slice(0, colon))) {
    namespace = key.slice(0, colon);
    key = key.slice(colon + 1);
  }
  const { count } = options;
  const text =
    (typeof count === 'number' ? lookup(namespace, `${key}_${pluralRules.select(count)}`) : undefined) ?? lookup(namespace, key);
  if (text === undefined) {
    if (import.meta.env.DEV) console.warn(`i18n: missing text ${namespace}:${key}`);
    return key;
  }
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** `t` for a namespace; the same function on every call, so it is safe in effect dependencies. */
export function getFixedT(namespace = 'common'): TFunction {
  let t = translators.get(namespace);
  if (!t) {
    t = (key, options) => translate(namespace, key, options);
    translators.set(namespace, t);
  }
  return t;
}

/**
 * `const { t } = useTranslation('ns')`, as with react-i18next. The texts are English only and
 * loaded before the components that read them, so there is no state to subscribe to.
 */
export function useTranslation(namespace = 'common'): { t: TFunction } {
  return { t: getFixedT(namespace) };
}

for (const [namespace, bundle] of Object.entries(coreResources)) addTranslations(namespace, bundle);
