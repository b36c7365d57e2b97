import { Suspense, useEffect, useState } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addTranslations,
  getFixedT,
  getLanguage,
  getResource,
  setLanguage,
  subscribeLanguage,
  translate,
  useTranslation,
} from './i18n';

addTranslations('test-ns', {
  plain: 'Hello',
  greet: 'Hello {{name}}, you are {{ age }}',
  twice: '{{n}} and {{n}}',
  nested: { deeper: { key: 'Deep text' } },
  list: [{ title: 'First' }, { title: 'Second' }],
  results_one: '{{count}} result for "{{text}}"',
  results_other: '{{count}} results for "{{text}}"',
  onlyPlain: 'Count is {{count}}',
  samples: [{ id: 's1', rating: 5 }],
});
addTranslations('other-ns', { hello: 'Other hello' });

afterEach(() => vi.restoreAllMocks());

describe('translate', () => {
  it('reads plain, nested and array keys', () => {
    expect(translate('test-ns', 'plain')).toBe('Hello');
    expect(translate('test-ns', 'nested.deeper.key')).toBe('Deep text');
    expect(translate('test-ns', 'list.1.title')).toBe('Second');
  });

  it('fills {{var}} placeholders, with or without spaces, every time they occur', () => {
    expect(translate('test-ns', 'greet', { name: 'Rahim', age: 30 })).toBe('Hello Rahim, you are 30');
    expect(translate('test-ns', 'twice', { n: 2 })).toBe('2 and 2');
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(translate('test-ns', 'greet', { name: 'Rahim' })).toBe('Hello Rahim, you are {{ age }}');
  });

  it('picks _one and _other from count with the English plural rules', () => {
    expect(translate('test-ns', 'results', { count: 1, text: 'tv' })).toBe('1 result for "tv"');
    expect(translate('test-ns', 'results', { count: 0, text: 'tv' })).toBe('0 results for "tv"');
    expect(translate('test-ns', 'results', { count: 2, text: 'tv' })).toBe('2 results for "tv"');
    expect(translate('test-ns', 'results', { count: 1.5, text: 'tv' })).toBe('1.5 results for "tv"');
  });

  it('falls back to the plain key when a count has no plural forms', () => {
    expect(translate('test-ns', 'onlyPlain', { count: 1 })).toBe('Count is 1');
  });

  it('reads another namespace through an ns:key prefix', () => {
    expect(translate('test-ns', 'other-ns:hello')).toBe('Other hello');
    expect(translate('test-ns', 'common:productName')).toBe('Meramot');
  });

  it('returns the key of a missing text and warns in development', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(translate('test-ns', 'nope.missing')).toBe('nope.missing');
    expect(translate('test-ns', 'nested')).toBe('nested');
    expect(translate('no-such-ns', 'plain')).toBe('plain');
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toContain('test-ns:nope.missing');
  });

  it('keeps the first bundle registered for a namespace', () => {
    addTranslations('test-ns', { plain: 'Replaced' });
    expect(translate('test-ns', 'plain')).toBe('Hello');
  });
});

describe('getResource', () => {
  it('answers the stored value, objects and arrays included', () => {
    expect(getResource('test-ns', 'samples')).toEqual([{ id: 's1', rating: 5 }]);
    expect(getResource('test-ns', 'nested.deeper')).toEqual({ key: 'Deep text' });
    expect(getResource('test-ns', 'plain.more')).toBeUndefined();
    expect(getResource('no-such-ns', 'plain')).toBeUndefined();
  });
});

describe('useTranslation', () => {
  it('uses the common namespace by default, with the shell texts loaded', () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('productName')).toBe('Meramot');
    expect(result.current.t('nav.userMenu', { name: 'Ayesha' })).toBe('Account menu for Ayesha');
  });

  it('gives the same t on every render, so effects that depend on it do not rerun', () => {
    const { result, rerender } = renderHook(() => useTranslation('test-ns').t);
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(first).toBe(getFixedT('test-ns', 'en'));
    expect(first('plain')).toBe('Hello');
  });
});

describe('the language', () => {
  addTranslations(
    'lang-ns',
    { hello: 'Hello {{name}}', items_one: '{{count}} item', items_other: '{{count}} items', year: '© {{year}}' },
    () =>
      Promise.resolve({
        default: {
          hello: 'নমস্কার {{name}}',
          items_one: '{{count}}টি জিনিস',
          items_other: '{{count}}টি জিনিস',
          year: '© {{year}}',
        },
      }),
  );
  afterEach(async () => setLanguage('en'));

  it('switches after the Bangla texts of every registered namespace are loaded, and notifies subscribers', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLanguage(listener);
    const switching = setLanguage('bn');
    expect(getLanguage()).toBe('en');
    await switching;
    expect(getLanguage()).toBe('bn');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(translate('lang-ns', 'hello', { name: 'রহিম' })).toBe('নমস্কার রহিম');
    expect(translate('common', 'productName')).toBe('মেরামত');
  });

  it('uses Bangla plural rules and Bengali digits, the count grouped the lakh way', async () => {
    await setLanguage('bn');
    expect(translate('lang-ns', 'items', { count: 1 })).toBe('১টি জিনিস');
    expect(translate('lang-ns', 'items', { count: 150000 })).toBe('১,৫০,০০০টি জিনিস');
    expect(translate('lang-ns', 'year', { year: 2026 })).toBe('© ২০২৬');
    expect(translate('lang-ns', 'items', { count: 150000 }, 'en')).toBe('1,50,000 items');
  });

  it('falls back to English for a namespace without Bangla texts', async () => {
    await setLanguage('bn');
    expect(translate('test-ns', 'plain')).toBe('Hello');
  });

  it('re-renders useTranslation with a new t when the language changes', async () => {
    const { result } = renderHook(() => useTranslation('lang-ns'));
    const first = result.current.t;
    expect(result.current.t('hello', { name: 'Rahim' })).toBe('Hello Rahim');
    await act(() => setLanguage('bn'));
    expect(result.current.language).toBe('bn');
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('hello', { name: 'রহিম' })).toBe('নমস্কার রহিম');
  });
});

describe('a namespace whose Bangla texts load while a page renders', () => {
  afterEach(async () => setLanguage('en'));

  it('suspends the page once and renders it in Bangla, however many hooks follow (React #467 on replay)', async () => {
    await setLanguage('bn');
    // Registered after the switch, as a lazy route's chunk registers its texts: loaded on demand.
    let resolveLoad!: () => void;
    addTranslations(
      'late-ns',
      { title: 'Requests' },
      () => new Promise((resolve) => (resolveLoad = () => resolve({ default: { title: 'অনুরোধ' } }))),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Page() {
      const { t } = useTranslation('late-ns');
      const [count] = useState(3);
      const { t: common } = useTranslation();
      useEffect(() => undefined, []);
      return (
        <p>
          {t('title')} {count} {common('productName')}
        </p>
      );
    }
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => resolveLoad());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 200))).toEqual([]);
    expect(screen.getByText('অনুরোধ 3 মেরামত')).toBeInTheDocument();
  });
});
