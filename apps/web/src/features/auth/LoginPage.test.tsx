// @vitest-environment happy-dom
import { PASSWORD_LOGIN_PROVIDER, screenMessages } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  meFixture,
  mockFetch,
  renderScreen,
  resetBrowser,
  signedOutBrowser,
} from '../../test/harness.tsx';
import { LoginPage } from './LoginPage.tsx';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

beforeEach(signedOutBrowser);
afterEach(resetBrowser);

describe('LoginPage', () => {
  it('keeps Log in disabled until the email is valid and the password has 6 characters', async () => {
    mockFetch(() => ({ body: [] }));
    renderScreen('/login', '/login', <LoginPage />);
    const submit = await screen.findByRole('button', { name: 'Log in' });
    expect(disabled(submit)).toBe(true);
    type('Email', 'ada@example.com');
    type('Password', '12345');
    await waitFor(() => expect(disabled(submit)).toBe(true));
    type('Password', '123456');
    await waitFor(() => expect(disabled(submit)).toBe(false));
  });

  it("shows the auth service's error and keeps what was typed", async () => {
    mockFetch((url) =>
      url.pathname === '/api/connect/token'
        ? {
            status: 400,
            body: {
              error: 'invalid_grant',
              error_description: 'The user name or password is incorrect.',
            },
          }
        : { body: [] },
    );
    renderScreen('/login', '/login', <LoginPage />);
    await screen.findByRole('button', { name: 'Log in' });
    type('Email', 'ada@example.com');
    type('Password', 'secret-1');
    const submit = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(disabled(submit)).toBe(false));
    fireEvent.click(submit);
    expect(
      await screen.findByText(
        screenMessages.loginFailedWith('The user name or password is incorrect.'),
      ),
    ).toBeVisible();
    expect((field('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((field('Password') as HTMLInputElement).value).toBe('secret-1');
  });

  it('shows the generic failure when the server cannot be reached', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/connect/token') throw new TypeError('offline');
      return { body: [] };
    });
    renderScreen('/login', '/login', <LoginPage />);
    await screen.findByRole('button', { name: 'Log in' });
    type('Email', 'ada@example.com');
    type('Password', 'secret-1');
    await waitFor(() =>
      expect(disabled(screen.getByRole('button', { name: 'Log in' }))).toBe(false),
    );
    fireEvent.submit(field('Password').closest('form')!);
    expect(await screen.findByText(screenMessages.loginRequestFailed)).toBeVisible();
  });

  it('logs in and goes on to team resolution with the target route', async () => {
    mockFetch((url) => {
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
      if (url.pathname === '/api/Users/Me')
        return { body: meFixture({ readyPlayerMeAvatar: null }) };
      return { body: [] };
    });
    renderScreen('/login', '/login?targetRoute=team/users', <LoginPage />);
    await screen.findByRole('button', { name: 'Log in' });
    type('Email', 'ada@example.com');
    type('Password', 'secret-1');
    await waitFor(() =>
      expect(disabled(screen.getByRole('button', { name: 'Log in' }))).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/organization/resolve?targetRoute=%2Fteam%2Fusers',
    );
  });

  it('shows the SAML failure from the query', async () => {
    mockFetch(() => ({ body: [] }));
    renderScreen('/login', '/login?samlerror=not_found', <LoginPage />);
    expect(await screen.findByText(screenMessages.samlFailed)).toBeVisible();
  });

  it('offers single sign-on buttons for the providers of the entered email', async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/api/LinkedAccounts/Logins'
        ? {
            body: [
              { loginProviderId: PASSWORD_LOGIN_PROVIDER, displayName: 'Roomscale account' },
              { loginProviderId: 'saml-acme', displayName: 'Acme SSO' },
            ],
          }
        : { body: [] },
    );
    renderScreen('/login', '/login', <LoginPage />);
    await screen.findByRole('button', { name: 'Log in' });
    type('Email', 'Ada@Acme.example');
    fireEvent.blur(field('Email'));
    const sso = await screen.findByRole('link', { name: 'Log in with Acme SSO' });
    expect(sso.getAttribute('href')).toBe('/saml/saml-acme');
    expect(screen.queryByRole('link', { name: /Roomscale account/ })).toBeNull();
    const lookup = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === '/api/LinkedAccounts/Logins');
    expect(lookup?.searchParams.get('email')).toBe('ada@acme.example');
  });
});
