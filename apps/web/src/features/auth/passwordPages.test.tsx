// @vitest-environment happy-dom
import { screenMessages } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  meFixture,
  mockFetch,
  renderScreen,
  resetBrowser,
  signedOutBrowser,
} from '../../test/harness.tsx';
import { ActivateAccountPage } from './ActivateAccountPage.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const input = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const bodyOf = (fetch: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetch.mock.calls.find(([u]) => String(u).startsWith(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(signedOutBrowser);
afterEach(resetBrowser);

describe('ResetPasswordPage', () => {
  it('shows the failure with both links when the link is incomplete', () => {
    mockFetch(() => ({}));
    renderScreen('/reset-password', '/reset-password?user=u1', <ResetPasswordPage />);
    expect(screen.getByText(screenMessages.resetFailed)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: /new reset/ }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('needs a strong, confirmed password, then resets', async () => {
    const fetch = mockFetch(() => ({ body: { success: true } }));
    renderScreen('/reset-password', '/reset-password?user=u1&token=t1', <ResetPasswordPage />);
    type(/^New password/, 'weakpass');
    fireEvent.blur(input(/^New password/));
    expect(await screen.findByText(screenMessages.weakPassword)).toBeVisible();
    expect(button('Reset password').disabled).toBe(true);
    type(/^New password/, 'Str0ngPass');
    type(/^Confirm password/, 'Str0ngPasx');
    fireEvent.blur(input(/^Confirm password/));
    await waitFor(() => expect(button('Reset password').disabled).toBe(true));
    type(/^Confirm password/, 'Str0ngPass');
    await waitFor(() => expect(button('Reset password').disabled).toBe(false));
    fireEvent.click(button('Reset password'));
    expect(await screen.findByText(/Your password has been reset/)).toBeVisible();
    expect(bodyOf(fetch, '/api/Users/ResetPassword')).toEqual({
      userId: 'u1',
      token: 't1',
      password: 'Str0ngPass',
      passwordConfirm: 'Str0ngPass',
    });
  });

  it('shows the failure when the server refuses the link', async () => {
    mockFetch(() => ({ status: 400, body: { type: 'x', title: 'Bad', status: 400 } }));
    renderScreen('/reset-password', '/reset-password?user=u1&token=t1', <ResetPasswordPage />);
    type(/^New password/, 'Str0ngPass');
    type(/^Confirm password/, 'Str0ngPass');
    await waitFor(() => expect(button('Reset password').disabled).toBe(false));
    fireEvent.click(button('Reset password'));
    expect(await screen.findByText(screenMessages.resetFailed)).toBeVisible();
  });
});

describe('ActivateAccountPage', () => {
  it('sets the password, logs in and goes to team resolution', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/Users/Confirm') return { body: { success: true } };
      if (url.pathname === '/api/connect/token') {
        return {
          body: {
            access_token: 'a',
            refresh_token: 'r',
            expires_in: 900,
            id_token: 'i',
            scope: 's',
            token_type: 'Bearer',
          },
        };
      }
      return { body: meFixture() };
    });
    renderScreen(
      '/activate-account',
      '/activate-account?user=u1&token=t1&email=ada%40example.com',
      <ActivateAccountPage />,
    );
    expect(input(/^Email/).value).toBe('ada@example.com');
    type(/^Password/, 'Str0ngPass');
    type(/^Confirm password/, 'Str0ngPass');
    await waitFor(() => expect(button('Activate account').disabled).toBe(false));
    fireEvent.click(button('Activate account'));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/organization/resolve?targetRoute=%2Fdashboard',
    );
    expect(bodyOf(fetch, '/api/Users/Confirm')).toEqual({
      userId: 'u1',
      token: 't1',
      password: 'Str0ngPass',
      confirmPassword: 'Str0ngPass',
    });
    const token = fetch.mock.calls.find(([u]) => String(u) === '/api/connect/token');
    const form = new URLSearchParams(String(token?.[1]?.body));
    expect(form.get('username')).toBe('ada@example.com');
    expect(form.get('password')).toBe('Str0ngPass');
  });

  it('shows the activation failure with links to reset and register', async () => {
    mockFetch(() => ({ status: 400, body: { type: 'x', title: 'Bad', status: 400 } }));
    renderScreen(
      '/activate-account',
      '/activate-account?user=u1&token=t1&email=ada%40example.com',
      <ActivateAccountPage />,
    );
    type(/^Password/, 'Str0ngPass');
    type(/^Confirm password/, 'Str0ngPass');
    await waitFor(() => expect(button('Activate account').disabled).toBe(false));
    fireEvent.click(button('Activate account'));
    expect(await screen.findByText(screenMessages.activationFailed)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });
});

describe('ForgotPasswordPage', () => {
  it('shows the same confirmation even when the call fails', async () => {
    mockFetch(() => {
      throw new TypeError('offline');
    });
    renderScreen('/forgot-password', '/forgot-password', <ForgotPasswordPage />);
    type(/^Email/, 'ada@example.com');
    await waitFor(() => expect(button('Send reset link').disabled).toBe(false));
    fireEvent.click(button('Send reset link'));
    expect(await screen.findByText(screenMessages.forgotConfirmation)).toBeVisible();
  });
});
