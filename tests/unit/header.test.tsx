import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Header } from '../../src/app/layout/Header';
import { renderWithApp } from '../render';

describe('Header', () => {
  // jsdom applies no media queries, so the header renders as on a phone: the links sit in the closed menu.
  it('lists the six links in order and marks the current one', async () => {
    const { user } = renderWithApp(<Header />, { route: '/pricing' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('ul a')).map((link) => link.textContent);
    expect(links).toEqual(['Home', 'How It Works', 'Apps', 'Pricing', 'Case Studies', 'About Us']);
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('marks Home current only on the home page', async () => {
    const { user } = renderWithApp(<Header />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the mobile menu with a named button that reports aria-expanded', async () => {
    const { user } = renderWithApp(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(nav.tagName).toBe('NAV');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBe(nav);
    expect(nav).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toBeVisible();
  });

  it('closes the menu on Escape and when the page changes', async () => {
    const { user, router } = renderWithApp(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await act(() => router.navigate('/about'));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('dims the page under the open menu, and a tap there closes it', async () => {
    const { user } = renderWithApp(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
    await user.click(toggle);
    const backdrop = screen.getByTestId('menu-backdrop');
    expect(backdrop).toHaveAttribute('aria-hidden', 'true');
    await user.click(backdrop);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
  });
});
