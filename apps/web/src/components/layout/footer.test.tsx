import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('has the quick links, the support e-mail, the Privacy/Terms/Support links and the copyright', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Footer /> }], '/services');
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect([...quick.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['All Services', '/services'],
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(screen.getByRole('link', { name: 'support@meramot.example' })).toHaveAttribute(
      'href',
      'mailto:support@meramot.example',
    );
    // No invented office address or phone line.
    expect(screen.queryByText(/Dhanmondi|\+880/)).not.toBeInTheDocument();
    const pages = screen.getByRole('list', { name: 'Support' });
    for (const [name, path] of [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Support', '/support'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(pages).toContainElement(link);
      expect(link).toHaveAttribute('href', path);
      await userEvent.click(link);
      expect(router.state.location.pathname).toBe(path);
    }
    expect(screen.getByText(`© ${new Date().getFullYear()} Meramot. All rights reserved.`)).toBeInTheDocument();
  });
});
