import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { resetSession, signInAs, testUser } from '@/test/session';
import { HeaderAccount } from './header-account';

describe('HeaderAccount', () => {
  afterEach(async () => {
    await resetSession();
  });

  it('offers sign-in and sign-up to visitors', async () => {
    await renderWithRouter(<HeaderAccount />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it.each([
    [-2, false],
    [-1, true],
    [0, false],
    [1, true],
    [2, true],
  ])('role %i: Admin Panel link shown: %s', async (role, shown) => {
    await signInAs(testUser(role));
    await renderWithRouter(<HeaderAccount />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    if (shown) expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    else expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });
});
