import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { setLanguage, useTranslation } from '@/lib/i18n';
import { LanguageSwitch } from './language-switch';

afterEach(async () => {
  window.localStorage.clear();
  await setLanguage('en');
});

/** A half-filled form beside the switch: switching must keep what was typed. */
function Page() {
  const { t } = useTranslation();
  return (
    <>
      <LanguageSwitch />
      <h1>{t('nav.allServices')}</h1>
      <label>
        {t('nav.profileSettings')}
        <input />
      </label>
    </>
  );
}

describe('LanguageSwitch', () => {
  it('is a labelled select naming each language in itself', () => {
    render(<LanguageSwitch />, { wrapper: MemoryRouter });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn');
    expect(screen.getByRole('option', { name: 'English' })).toHaveAttribute('lang', 'en');
  });

  it('switches a signed-in screen to Bangla in place, keeps a half-filled form, sets <html lang> and remembers', async () => {
    render(
      <MemoryRouter initialEntries={['/profile-settings']}>
        <Page />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByRole('textbox'), 'Rahim');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'bn');
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('সব সার্ভিস'));
    expect(screen.getByRole('combobox', { name: 'ভাষা' })).toHaveValue('bn');
    expect(screen.getByRole('textbox', { name: 'প্রোফাইল সেটিংস' })).toHaveValue('Rahim');
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem('meramot-language')).toBe('bn');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ভাষা' }), 'en');
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('All Services'));
    expect(document.documentElement.lang).toBe('en');
  });
});
