import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('has the quick links, contact details, inert Privacy/Terms/Support and the copyright', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Footer /> }], '/services');
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect([...quick.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['All Services', '/services'],
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(screen.getByText('support@meramot.example')).toBeInTheDocument();
    for (const name of ['Privacy', 'Terms', 'Support']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(router.state.location.pathname).toBe('/services');
    expect(screen.getByText(`© ${new Date().getFullYear()} Meramot. All rights reserved.`)).toBeInTheDocument();
  });
});
