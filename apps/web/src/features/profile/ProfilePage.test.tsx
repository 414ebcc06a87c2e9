// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTokens } from '../../api/tokens.ts';
import { appRoutes } from '../../app/routes.tsx';
import { session } from '../../session/session.ts';
import { meFixture } from '../../test/harness.tsx';
import { mockPictures } from '../../test/pictures.ts';
import {
  fieldError,
  problemOf,
  renderProfile,
  resetProfile,
  serveProfile,
  signIn,
} from './testing.tsx';

beforeEach(() => signIn());
afterEach(resetProfile);

const input = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: RegExp, value: string) => {
  fireEvent.input(input(name), { target: { value } });
  fireEvent.blur(input(name));
};
const section = (name: string) => screen.getByRole('region', { name });
const saveIn = (name: string) =>
  within(section(name)).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('profile route', () => {
  it('is signed in with the shell, no team needed; the avatar editor returns to /profile', () => {
    const profile = appRoutes.find((r) => r.path === 'profile');
    expect(profile?.flags).toMatchObject({
      loginNeeded: true,
      teamRequired: false,
      navbar: true,
      footer: true,
      title: 'Profile',
    });
    const edit = appRoutes.find((r) => r.path === 'profile/edit-avatar');
    expect(edit?.flags).toMatchObject({ loginNeeded: true, teamRequired: false });
    const meta = appRoutes.find((r) => r.path === 'sso/oculus');
    expect(meta?.flags).toMatchObject({ loginNeeded: true, navbar: false, avatarRequired: false });
  });
});

describe('user information', () => {
  it('shows the email read-only and the names, checks the rules and saves', async () => {
    const { state, calls } = serveProfile({
      answer: (c) => {
        if (c.method !== 'PATCH') return undefined;
        state.me = { ...state.me, ...(c.body as object), name: 'Augusta King' };
        return { body: state.me };
      },
    });
    renderProfile();
    const form = await screen.findByRole('region', { name: 'User information' });
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    expect(input(/First name/).value).toBe('Ada');
    expect(input(/Last name/).value).toBe('Lovelace');

    type(/First name/, '');
    await waitFor(() => expect(fieldError(/First name/)).toBe('This field is required'));
    expect(saveIn('User information').disabled).toBe(true);
    type(/First name/, 'A');
    await waitFor(() => expect(fieldError(/First name/)).toBe('Must be at least 2 characters'));
    type(/First name/, 'Augusta');
    await waitFor(() => expect(fieldError(/First name/)).toBe(''));
    type(/Position/, 'x');
    await waitFor(() => expect(fieldError(/Position/)).toBe('Must be at least 2 characters'));
    expect(saveIn('User information').disabled).toBe(true);
    type(/Position/, 'y'.repeat(51));
    await waitFor(() => expect(fieldError(/Position/)).toBe('Must be at most 50 characters'));
    type(/Position/, '  Countess  ');
    type(/Last name/, 'King');
    await waitFor(() => expect(saveIn('User information').disabled).toBe(false));

    fireEvent.click(saveIn('User information'));
    expect(await screen.findByText('The data has been saved')).toBeVisible();
    const patch = calls.filter((c) => c.method === 'PATCH');
    expect(patch).toHaveLength(1);
    expect(patch[0]?.path).toBe('/api/Users/Me');
    expect(patch[0]?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'King',
      position: 'Countess',
    });
    // The session (the shell's user menu) has the saved names.
    await waitFor(() => expect(session.get().user?.firstName).toBe('Augusta'));
    expect(input(/Position/).value).toBe('Countess');
  });

  it('sends a blank position as none', async () => {
    const { state, calls } = serveProfile({
      me: meFixture({ position: 'Engineer' }),
      answer: (c) => (c.method === 'PATCH' ? { body: { ...state.me, position: null } } : undefined),
    });
    await session.reloadUser();
    renderProfile();
    await waitFor(() => expect(input(/Position/).value).toBe('Engineer'));
    type(/Position/, '   ');
    await waitFor(() => expect(saveIn('User information').disabled).toBe(false));
    fireEvent.click(saveIn('User information'));
    expect(await screen.findByText('The data has been saved')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      position: null,
    });
  });

  it("puts the server's field messages under the fields and keeps what was typed", async () => {
    serveProfile({
      answer: (c) =>
        c.method === 'PATCH'
          ? problemOf(400, 'Validation failed', { lastName: ['Not a name we can store'] })
          : undefined,
    });
    renderProfile();
    await screen.findByRole('region', { name: 'User information' });
    type(/Last name/, 'Byron');
    await waitFor(() => expect(saveIn('User information').disabled).toBe(false));
    fireEvent.click(saveIn('User information'));
    await waitFor(() => expect(fieldError(/Last name/)).toBe('Not a name we can store'));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeVisible();
    expect(input(/Last name/).value).toBe('Byron');
    expect(screen.queryByText('The data has been saved')).toBeNull();
  });
});

describe('change password', () => {
  const fill = (current: string, next: string, confirm: string) => {
    type(/Current password/, current);
    type(/^New password/, next);
    type(/Confirm new password/, confirm);
  };

  it('enables Save only when the rules hold, then changes it and clears the form', async () => {
    const { calls } = serveProfile({
      answer: (c) => (c.path === '/api/Users/ChangePassword' ? { body: true } : undefined),
    });
    renderProfile();
    const form = await screen.findByRole('region', { name: 'Change password' });
    expect(saveIn('Change password').disabled).toBe(true);

    fill('ab', 'weakpass', 'other');
    await waitFor(() =>
      expect(fieldError(/Current password/)).toBe('Must be at least 3 characters'),
    );
    expect(fieldError(/^New password/)).toMatch(/^Password validation failed/);
    expect(fieldError(/Confirm new password/)).toBe('The passwords do not match');
    expect(saveIn('Change password').disabled).toBe(true);

    fill('old-secret', 'Stronger1', 'Stronger2');
    await waitFor(() => expect(fieldError(/Current password/)).toBe(''));
    expect(fieldError(/^New password/)).toBe('');
    expect(fieldError(/Confirm new password/)).toBe('The passwords do not match');
    // The live checklist of the strong-password rule: all four parts met.
    expect(within(form).getAllByText('(met)')).toHaveLength(4);
    expect(saveIn('Change password').disabled).toBe(true);
    type(/Confirm new password/, 'Stronger1');
    await waitFor(() => expect(saveIn('Change password').disabled).toBe(false));

    fireEvent.click(saveIn('Change password'));
    expect(await screen.findByText('Password has been changed')).toBeVisible();
    const post = calls.filter((c) => c.path === '/api/Users/ChangePassword');
    expect(post).toHaveLength(1);
    expect(post[0]?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'Stronger1' });
    await waitFor(() => expect(input(/Current password/).value).toBe(''));
    expect(input(/^New password/).value).toBe('');
    expect(input(/Confirm new password/).value).toBe('');
    // This browser stays signed in: no logout, the tokens are kept.
    expect(calls.some((c) => c.path === '/api/Users/Logout')).toBe(false);
    expect(readTokens()).not.toBeNull();
    expect(session.get().status).toBe('authenticated');
  });

  it('says the change failed, marks a wrong current password and keeps the typing', async () => {
    serveProfile({
      answer: (c) =>
        c.path === '/api/Users/ChangePassword'
          ? problemOf(400, 'Validation failed', {
              currentPassword: ['The current password is not correct.'],
            })
          : undefined,
    });
    renderProfile();
    await screen.findByRole('region', { name: 'Change password' });
    fill('wrong-one', 'Stronger1', 'Stronger1');
    await waitFor(() => expect(saveIn('Change password').disabled).toBe(false));
    fireEvent.click(saveIn('Change password'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText(
        'Password change failed. Please check the information and try again.',
      ),
    ).toBeVisible();
    expect(fieldError(/Current password/)).toBe('The current password is not correct.');
    expect(input(/Current password/).value).toBe('wrong-one');
    expect(input(/^New password/).value).toBe('Stronger1');
    expect(screen.queryByText('Password has been changed')).toBeNull();
  });

  it('is not offered without a password login', async () => {
    serveProfile({ me: meFixture({ hasRoomscaleLogin: false, passwordSet: false }) });
    await session.reloadUser();
    renderProfile();
    await screen.findByRole('region', { name: 'User information' });
    expect(screen.queryByRole('region', { name: 'Change password' })).toBeNull();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
  });
});

describe('profile picture and avatar', () => {
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

  it('uploads a picture and the session (the shell) takes the new one', async () => {
    const when = '2026-11-22T07:00:00.000Z';
    const { state, calls } = serveProfile({
      answer: (c) => {
        if (c.method !== 'POST' || c.path !== '/api/ProfileImage/user') return undefined;
        state.me = { ...state.me, imageUpdated: when };
        return {
          body: {
            slug: `user-${state.me.id}`,
            imageUpdated: when,
            url: `/api/ProfileImage/user-${state.me.id}?updateDate=${encodeURIComponent(when)}`,
          },
        };
      },
    });
    renderProfile();
    await screen.findByRole('button', { name: 'Upload picture' });
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('File type not supported. Upload a valid image.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const pictures = mockPictures();
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Picture saved')).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.search).toBe('?fileName=me.png');
    expect(session.get().user?.imageUpdated).toBe(when);
    expect(await screen.findByRole('button', { name: 'Remove picture' })).toBeVisible();
    // The new picture shows, loaded with the token: the server shows it to no one without one.
    const picture = await screen.findByRole('img', { name: 'Your profile picture' });
    await waitFor(() => expect(picture.getAttribute('src')).toMatch(/^blob:/));
    expect(pictures[0]).toEqual({
      path: `/api/ProfileImage/user-${state.me.id}`,
      search: `?updateDate=${encodeURIComponent(when)}`,
      authorization: expect.stringMatching(/^Bearer \S+/),
    });
  });

  it('links to the avatar editor in edit and remake modes', async () => {
    serveProfile();
    renderProfile();
    const avatar = await screen.findByRole('region', { name: 'Avatar' });
    expect(within(avatar).getByText(/Your avatar is set/)).toBeVisible();
    expect(within(avatar).getByRole('link', { name: 'Edit avatar' }).getAttribute('href')).toBe(
      '/profile/edit-avatar',
    );
    expect(within(avatar).getByRole('link', { name: 'Remake avatar' }).getAttribute('href')).toBe(
      '/profile/edit-avatar?remake=true',
    );
  });
});
