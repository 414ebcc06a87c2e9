// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import type { UserLogin } from '@roomscale/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import { renderScreen } from '../../test/harness.tsx';
import { MetaCallbackPage } from './MetaCallbackPage.tsx';
import { problemOf, resetProfile, type SeenCall, serveProfile, signIn } from './testing.tsx';

const metaLogin: UserLogin = {
  loginProviderId: 'Oculus',
  displayName: 'Meta Account',
  userKey: '9',
};
const fragment = (value: unknown) => `#${btoa(JSON.stringify(value))}`;

function renderAt(hash: string) {
  // As main.tsx renders the app: effects run twice, and the code must still be sent once.
  configure({ reactStrictMode: true });
  renderScreen(
    '/sso/oculus',
    `/sso/oculus${hash}`,
    <ModalsProvider>
      <MetaCallbackPage />
    </ModalsProvider>,
  );
}

const puts = (calls: SeenCall[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/User/Me/LinkedAccounts/Oculus/Sso');
const closeAndLand = async (title: string) => {
  const dialog = await screen.findByRole('dialog', { name: title });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
  expect((await screen.findByTestId('location')).textContent).toBe('/profile');
};

beforeEach(() => signIn());
afterEach(resetProfile);

describe('/sso/oculus', () => {
  it('links the Meta account of the fragment once, says so, then goes to the profile', async () => {
    const { state, calls } = serveProfile({
      answer: (c) => {
        if (c.method !== 'PUT') return undefined;
        state.me = { ...state.me, hasOculusLogin: true };
        return { body: [metaLogin] };
      },
    });
    renderAt(fragment({ code: 'meta-code', org_scoped_id: '3141' }));
    expect(screen.getByText('Linking account...')).toBeVisible();
    const dialog = await screen.findByRole('dialog', { name: /Link Meta account/ });
    expect(within(dialog).getByText('Meta account linked')).toBeVisible();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]?.body).toEqual({
      oculusAccessCode: 'meta-code',
      oculusOrgScopedId: '3141',
    });
    // The user's login flags are reloaded.
    await waitFor(() => expect(session.get().user?.hasOculusLogin).toBe(true));
    await closeAndLand('Link Meta account');
    expect(puts(calls)).toHaveLength(1);
  });

  it('fails without calling when the fragment is missing or unreadable', async () => {
    const { calls } = serveProfile();
    renderAt('#bm90IGpzb24');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Meta linking failed.')).toBeVisible();
    await closeAndLand('Error');
    expect(puts(calls)).toHaveLength(0);
  });

  it('fails when there is no fragment at all', async () => {
    const { calls } = serveProfile();
    renderAt('');
    expect(await screen.findByText('Meta linking failed.')).toBeVisible();
    await closeAndLand('Error');
    expect(puts(calls)).toHaveLength(0);
  });

  it("says Meta linking failed with the server's reason", async () => {
    serveProfile({
      answer: (c) =>
        c.method === 'PUT'
          ? problemOf(409, 'This Meta account is already linked to another user.')
          : undefined,
    });
    renderAt(fragment({ code: 'used', org_scoped_id: '1' }));
    expect(
      await screen.findByText(
        'Meta linking failed. This Meta account is already linked to another user.',
      ),
    ).toBeVisible();
    await closeAndLand('Error');
  });
});
