import { use, useSyncExternalStore } from 'react';
import { coreResources } from '../locales/en/core';
import { bengaliDigits } from '@meramot/shared/digits';
import { formatDecimal } from './numbers';

/**
 * Every visible string comes from the resource files: English (locales/en) and Bangla (locales/bn),
 * one JSON file per namespace. English travels with the code that reads it (the shell's namespaces
 * with the app, each route's in its chunk); each namespace's Bangla file is its own chunk, loaded
 * when Bangla is in use (`addTranslations(ns, english, loadBangla)`).
 *
 * A small stand-in for i18next with the parts the app uses: nested keys (`list.countOnly`),
 * `ns:key` prefixes, `{{var}}` interpolation, and `_one`/`_other` plurals picked from `count`
 * with the language's plural rules (Intl.PluralRules). A missing key returns the key (and warns in
 * development). The language is a small store (`getLanguage`, `setLanguage`, `subscribeLanguage`):
 * `useTranslation` re-renders its component when it changes.
 */

/** A namespace's texts: JSON, strings nested in objects and arrays, reached by `a.b.0.c` keys. */
export type Text = string | number | boolean | null | Bundle | readonly Text[];
export interface Bundle {
  readonly [key: string]: Text;
}

/** Values for `{{var}}` placeholders; `count` also picks the plural form. */
export type TOptions = Readonly<Record<string, string | number | undefined>>;

export type TFunction = (key: string, options?: TOptions) => string;

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

type BanglaLoader = () => Promise<{ default: Bundle }>;

const bundles: Record<Language, Map<string, Bundle>> = { en: new Map(), bn: new Map() };
/**
 * Texts found, per language, by namespace and key: a page asks for the same few hundred on every
 * render, and walking the bundle for each (splitting the key) was a twentieth of a server render.
 * Emptied whenever a bundle arrives (until its Bangla arrives, a Bangla lookup finds the English).
 */
const found: Record<Language, Map<string, string | undefined>> = { en: new Map(), bn: new Map() };

/** Puts a namespace's texts in a language, and forgets the texts found before them. */
function putBundle(lang: Language, namespace: string, bundle: Bundle): void {
  bundles[lang].set(namespace, bundle);
  found.en.clear();
  found.bn.clear();
}

const banglaLoaders = new Map<string, BanglaLoader>();
const banglaLoads = new Map<string, Promise<void>>();
const translators = new Map<string, TFunction>();
const pluralRules = { en: new Intl.PluralRules('en'), bn: new Intl.PluralRules('bn') };

let language: Language = 'en';
const listeners = new Set<() => void>();

/**
 * Registers a namespace's English texts and how to load its Bangla ones; a namespace already
 * registered keeps its first bundle.
 */
export function addTranslations(namespace: string, bundle: Bundle, loadBangla?: BanglaLoader): void {
  if (!bundles.en.has(namespace)) putBundle('en', namespace, bundle);
  if (loadBangla && !banglaLoaders.has(namespace)) banglaLoaders.set(namespace, loadBangla);
}

/** Loads a namespace's Bangla texts once (resolved at once when it has none to load). */
export function loadBangla(namespace: string): Promise<void> {
  let load = banglaLoads.get(namespace);
  const loader = banglaLoaders.get(namespace);
  if (!load && loader && !bundles.bn.has(namespace)) {
    const loading: Promise<void> & { status?: string; value?: undefined; reason?: unknown } = loader().then(
      ({ default: bundle }) => putBundle('bn', namespace, bundle),
    );
    // React's `use` reads a settled promise's status and value at once, without suspending again.
    loading.then(
      () => Object.assign(loading, { status: 'fulfilled', value: undefined }),
      (reason: unknown) => Object.assign(loading, { status: 'rejected', reason }),
    );
    load = loading;
    banglaLoads.set(namespace, load);
  }
  return load ?? LOADED;
}

/** What `use` gets for a namespace with nothing to load: already fulfilled. */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

export function getLanguage(): Language {
  return language;
}

/** Digits in the language in use: a time such as 09:00 reads ০৯:০০ in Bangla. */
export function localDigits(text: string): string {
  return language === 'bn' ? bengaliDigits(text) : text;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches the language once the texts of every namespace registered so far are loaded for it. */
export async function setLanguage(next: Language): Promise<void> {
  if (next === 'bn') await Promise.all([...banglaLoaders.keys()].map(loadBangla));
  if (next === language) return;
  language = next;
  for (const listener of listeners) listener();
}

/** The resource at `key` in a namespace (e.g. a list of sample texts), in the language in use. */
export function getResource(namespace: string, key: string, lang: Language = language): Text | undefined {
  let node: Text | undefined = bundles[lang].get(namespace) ?? bundles.en.get(namespace);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Bundle)[part] : undefined;
  return node;
}

function lookup(namespace: string, key: string, lang: Language): string | undefined {
  const id = `${namespace}\0${key}`;
  const known = found[lang];
  if (known.has(id)) return known.get(id);
  const resource = getResource(namespace, key, lang);
  const text = typeof resource === 'string' ? resource : undefined;
  known.set(id, text);
  return text;
}

/**
 * A number as a placeholder value: `count` grouped the Bangladeshi way (1,00,000), any other number
 * (a year, a position) as it is; in Bengali digits in Bangla.
 */
function numberText(name: string, value: number, lang: Language): string {
  const text = name === 'count' && Number.isInteger(value) ? formatDecimal(value, 0, 0) : String(value);
  return lang === 'bn' ? bengaliDigits(text) : text;
}

/** The text of `key` (or `ns:key`) in `namespace`, its placeholders filled from `options`. */
export function translate(namespace: string, key: string, options: TOptions = {}, lang: Language = language): string {
  const colon = key.indexOf(':');
  if (colon > 0 && bundles.en.has(key.slice(0, colon))) {
    namespace = key.slice(0, colon);
    key = key.slice(colon + 1);
  }
  const { count } = options;
  const text =
    (typeof count === 'number' ? lookup(namespace, `${key}_${pluralRules[lang].select(count)}`, lang) : undefined) ??
    lookup(namespace, key, lang);
  if (text === undefined) {
    if (import.meta.env.DEV) console.warn(`i18n: missing text ${namespace}:${key}`);
    return key;
  }
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = options[name];
    if (value === undefined) return placeholder;
    return typeof value === 'number' ? numberText(name, value, lang) : value;
  });
}

/** `t` for a namespace in a language (the one in use by default); the same function on every call. */
export function getFixedT(namespace = 'common', lang?: Language): TFunction {
  const id = `${lang ?? '*'}/${namespace}`;
  let t = translators.get(id);
  if (!t) {
    t = (key, options) => translate(namespace, key, options, lang ?? language);
    translators.set(id, t);
  }
  return t;
}

/**
 * `const { t, language } = useTranslation('ns')`, as with react-i18next. The component re-renders
 * when the language changes, and `t` changes with it (so effects that depend on it run again).
 * In Bangla, a namespace whose texts are still loading suspends the component (the route's
 * Suspense fallback shows meanwhile).
 */
export function useTranslation(namespace = 'common'): { t: TFunction; language: Language } {
  const lang = useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
  // `use` on every Bangla render of a namespace that has a loader, loaded or not: when a page
  // suspended here on its first render, React replays it once the texts arrive, and only a `use`
  // in the replay tells React to create the hooks that come after it (else React error #467).
  if (lang === 'bn' && banglaLoaders.has(namespace)) use(loadBangla(namespace));
  return { t: getFixedT(namespace, lang), language: lang };
}

for (const [namespace, bundle] of Object.entries(coreResources)) {
  addTranslations(namespace, bundle, () =>
    import('../locales/bn/core').then((m) => ({ default: m.coreResources[namespace as keyof typeof m.coreResources] })),
  );
}
