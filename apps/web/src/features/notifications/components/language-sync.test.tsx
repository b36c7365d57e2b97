import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { signIn } from '@/testing/api-state';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { callsTo } from '@/testing/server';
import { LanguageSync, resetLanguageSync } from './language-sync';

afterEach(async () => {
  resetLanguageSync();
  await setLanguage('en');
});

describe('LanguageSync', () => {
  it('tells the server the language once after sign-in and again on every switch', async () => {
    signIn(makeUser());
    const view = renderRoutes([{ path: '*', element: <LanguageSync /> }]);
    await waitFor(() => expect(callsTo('/api/users/me/language', 'PUT')).toHaveLength(1));
    expect(callsTo('/api/users/me/language')[0]!.body).toEqual({ language: 'en' });

    await act(() => setLanguage('bn'));
    await waitFor(() => expect(callsTo('/api/users/me/language', 'PUT')).toHaveLength(2));
    expect(callsTo('/api/users/me/language')[1]!.body).toEqual({ language: 'bn' });

    // A remount in the same session (another page) does not ask again.
    view.unmount();
    renderRoutes([{ path: '*', element: <LanguageSync /> }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(callsTo('/api/users/me/language', 'PUT')).toHaveLength(2);
  });

  it('asks nothing for a visitor', async () => {
    renderRoutes([{ path: '*', element: <LanguageSync /> }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(callsTo('/api/users/me/language')).toHaveLength(0);
  });
});
