// @vitest-environment happy-dom
import { ssoMessages, type UserLogin } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configFixture, teamFixture } from '../../test/harness.tsx';
import {
  problemOf,
  renderProfile,
  resetProfile,
  type SeenCall,
  serveProfile,
  signIn,
} from './testing.tsx';

const acme = teamFixture({
  id: '0b8f9c4e-2d1a-4e3b-8c7d-6a5b4c3d2e1f',
  name: 'Acme VR',
  samlLoginProviderId: 'saml-acme',
  samlLoginDisplayName: 'Acme SSO',
});
const globex = teamFixture({
  id: '1c9a0d5f-3e2b-4f4c-9d8e-7b6c5d4e3f20',
  name: 'Globex',
  samlLoginProviderId: 'saml-globex',
  samlLoginDisplayName: null,
});
const plain = teamFixture({ id: '2d0b1e6a-4f3c-4a5d-8e9f-8c7d6e5f4a31', name: 'No SSO Team' });
const acmeLogin: UserLogin = {
  loginProviderId: 'saml-acme',
  displayName: 'Acme SSO',
  userKey: 'ada@acme.example',
};
const metaLogin: UserLogin = {
  loginProviderId: 'Oculus',
  displayName: 'Meta Account',
  userKey: '7',
};

/** Where the page sent the browser (happy-dom would try to load it). */
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(async () => {
  await signIn();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetProfile();
});

const linked = () => screen.findByRole('region', { name: 'Linked accounts' });
const row = (name: string) => screen.getByRole('listitem', { name });
const posts = (calls: SeenCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/User/Me/LinkedAccount');
const confirmIn = async (title: string, button: string) => {
  const dialog = await screen.findByRole('dialog', { name: title });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
};

describe('linked accounts', () => {
  it('lists the password login, Meta and the single sign-on of each team that has one', async () => {
    serveProfile({ teams: [acme, globex, plain], logins: [acmeLogin] });
    renderProfile();
    const section = await linked();
    await within(section).findByRole('listitem', { name: 'Acme SSO' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Roomscale account',
      'Meta Account',
      'Acme SSO',
      'Globex',
    ]);
    expect(within(row('Roomscale account')).getByText('Linked')).toBeVisible();
    expect(within(row('Acme SSO')).getByText('Single sign-on of Acme VR')).toBeVisible();
    expect(within(row('Acme SSO')).getByText('Linked')).toBeVisible();
    expect(within(row('Acme SSO')).getByRole('button', { name: 'Unlink Acme SSO' })).toBeVisible();
    expect(within(row('Globex')).getByText('Not linked')).toBeVisible();
    expect(within(row('Globex')).getByRole('button', { name: 'Link Globex' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'No SSO Team' })).toBeNull();
  });

  it('says when the logins could not be loaded, and tries again', async () => {
    let down = true;
    serveProfile({
      teams: [acme],
      logins: [acmeLogin],
      answer: (c) =>
        down && c.path === '/api/User/Me/LinkedAccounts/Logins' ? { status: 503 } : undefined,
    });
    renderProfile();
    expect(await screen.findByText('Your linked accounts could not be loaded.')).toBeVisible();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Acme SSO' })).toBeVisible();
  });

  it('warns to trust the identity provider, then sends the browser to its sign-in', async () => {
    const url = 'https://idp.example/sso?SAMLRequest=abc';
    const { calls } = serveProfile({
      teams: [globex],
      answer: (c) =>
        c.path === '/api/User/Me/LinkedAccounts/Saml/saml-globex' ? { body: { url } } : undefined,
    });
    renderProfile();
    await linked();
    fireEvent.click(await screen.findByRole('button', { name: 'Link Globex' }));
    // Cancelling sends nothing.
    const first = await screen.findByRole('dialog', { name: 'Link single sign-on' });
    expect(within(first).getByText(/Only link an identity provider you fully trust/)).toBeVisible();
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.includes('/Saml/'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Link Globex' }));
    await confirmIn('Link single sign-on', 'Link');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(calls.filter((c) => c.path.includes('/Saml/'))).toHaveLength(1);
  });

  it('back from the identity provider, links once, says so and clears the address', async () => {
    const { state, calls } = serveProfile({
      teams: [acme],
      answer: (c) => {
        if (c.method !== 'POST') return undefined;
        state.logins = [acmeLogin];
        state.me = { ...state.me, hasSsoLogin: true };
        return { body: state.logins };
      },
    });
    renderProfile('/profile?linkProvider=saml-acme&linkToken=proof-123&tab=x', { strict: true });
    expect(await screen.findByText('Account linked')).toBeVisible();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toEqual({
      add: true,
      loginProviderId: 'saml-acme',
      linkToken: 'proof-123',
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('location')[0]?.textContent).toBe('/profile?tab=x'),
    );
    await waitFor(() => expect(within(row('Acme SSO')).getByText('Linked')).toBeVisible());
    // The user is reloaded: its login flags changed.
    expect(calls.filter((c) => c.path === '/api/Users/Me').length).toBeGreaterThan(0);
    expect(posts(calls)).toHaveLength(1);
  });

  it('shows why a returned link failed, and a failed sign-in without calling', async () => {
    const { calls } = serveProfile({
      teams: [acme],
      answer: (c) =>
        c.method === 'POST'
          ? problemOf(
              409,
              'This account of the identity provider is already linked to another user.',
            )
          : undefined,
    });
    const view = renderProfile('/profile?linkProvider=saml-acme&linkToken=proof-9');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText(
        'This account of the identity provider is already linked to another user.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Account linked')).toBeNull();
    view.unmount();

    const before = posts(calls).length;
    renderProfile('/profile?linkError=sso');
    expect(await screen.findByText(/Signing in at the identity provider failed/)).toBeVisible();
    expect(posts(calls)).toHaveLength(before);
    await waitFor(() => expect(screen.getAllByTestId('location')[0]?.textContent).toBe('/profile'));
  });

  it('unlinks after confirmation, or shows why the server refused', async () => {
    let refuse = true;
    const { state, calls } = serveProfile({
      teams: [acme],
      logins: [acmeLogin],
      answer: (c) => {
        if (c.method !== 'POST') return undefined;
        if (refuse) {
          return problemOf(409, ssoMessages.lastLogin);
        }
        state.logins = [];
        return { body: [] };
      },
    });
    renderProfile();
    await linked();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Acme SSO' }));
    const dialog = await confirmIn('Unlink single sign-on', 'Unlink');
    expect(within(dialog).getByText(/no longer log in with Acme SSO/)).toBeTruthy();
    // Without a password they cannot set one here (nor by a reset): a team admin can help.
    const refused = await screen.findByRole('dialog', { name: 'Error' });
    expect(refused).toHaveTextContent(
      'This is your only way to log in. Ask a team admin for another way to sign in, or link another account, before removing it.',
    );
    expect(refused).not.toHaveTextContent(/password/i);
    expect(posts(calls)[0]?.body).toEqual({ add: false, loginProviderId: 'saml-acme' });
    expect(within(row('Acme SSO')).getByText('Linked')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Acme SSO' }));
    await confirmIn('Unlink single sign-on', 'Unlink');
    expect(await screen.findByText('Account unlinked')).toBeVisible();
    expect(posts(calls)).toHaveLength(2);
    expect(posts(calls)[1]?.body).toEqual({ add: false, loginProviderId: 'saml-acme' });
    await waitFor(() => expect(within(row('Acme SSO')).getByText('Not linked')).toBeVisible());
  });
});

describe('Meta account', () => {
  it('says linking is not set up, with no button, when the server has no Meta settings', async () => {
    serveProfile({ config: configFixture({ metaLinking: false }) });
    renderProfile();
    await linked();
    const meta = await screen.findByRole('listitem', { name: 'Meta Account' });
    expect(
      within(meta).getByText('Linking a Meta account is not set up on this server.'),
    ).toBeVisible();
    expect(within(meta).queryByRole('button')).toBeNull();
  });

  it('still offers unlinking an account linked before the Meta settings were removed', async () => {
    serveProfile({
      config: configFixture({ metaLinking: false }),
      logins: [{ loginProviderId: 'Oculus', displayName: 'Meta Account', userKey: '42' }],
    });
    renderProfile();
    await linked();
    const meta = await screen.findByRole('listitem', { name: 'Meta Account' });
    expect(within(meta).getByRole('button', { name: /Unlink/ })).toBeEnabled();
    expect(
      within(meta).queryByText('Linking a Meta account is not set up on this server.'),
    ).toBeNull();
  });

  it("sends the browser to Meta's sign-in to link", async () => {
    const url = 'https://auth.oculus.com/sso/?redirect_uri=x';
    const { calls } = serveProfile({
      config: configFixture({ metaLinking: true }),
      answer: (c) =>
        c.path === '/api/User/Me/LinkedAccounts/Oculus/Sso' && c.method === 'GET'
          ? { body: { url } }
          : undefined,
    });
    renderProfile();
    await linked();
    fireEvent.click(await screen.findByRole('button', { name: 'Link Meta Account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(calls.filter((c) => c.path === '/api/User/Me/LinkedAccounts/Oculus/Sso')).toHaveLength(
      1,
    );
  });

  it('unlinks after confirmation; a refusal says Meta unlinking failed', async () => {
    let refuse = true;
    const { state, calls } = serveProfile({
      config: configFixture({ metaLinking: true }),
      logins: [metaLogin],
      answer: (c) => {
        if (c.method !== 'DELETE') return undefined;
        if (refuse) return problemOf(409, 'This is your only way to log in.');
        state.logins = [];
        return { body: [] };
      },
    });
    renderProfile();
    await linked();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Meta Account' }));
    await confirmIn('Unlink Meta account', 'Unlink');
    expect(await screen.findByText(/^Meta unlinking failed\./)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Meta Account' }));
    await confirmIn('Unlink Meta account', 'Unlink');
    expect(await screen.findByText('Meta account unlinked')).toBeVisible();
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.path)).toEqual([
      '/api/User/Me/LinkedAccounts/Oculus',
      '/api/User/Me/LinkedAccounts/Oculus',
    ]);
    await waitFor(() =>
      expect(
        within(row('Meta Account')).getByRole('button', { name: 'Link Meta Account' }),
      ).toBeVisible(),
    );
  });
});
