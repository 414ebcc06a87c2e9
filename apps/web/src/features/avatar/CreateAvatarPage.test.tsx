// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../session/session.ts';
import {
  configFixture,
  meFixture,
  mockFetch,
  renderScreen,
  resetBrowser,
  signedInBrowser,
} from '../../test/harness.tsx';
import { CreateAvatarPage } from './CreateAvatarPage.tsx';

const defaultAvatarUrl = 'http://localhost/content/default-avatar.glb';
const config = (avatarBuilderUrl: string | null) =>
  configFixture({ avatarBuilderUrl, defaultAvatarUrl });

function api(builder: string | null) {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/Config') return { body: config(builder) };
    if (url.pathname === '/api/Users/Me' && init?.method === 'PATCH') return { body: meFixture() };
    if (url.pathname === '/api/Users/Me') return { body: meFixture({ readyPlayerMeAvatar: 'x' }) };
    return { status: 404 };
  });
}

const patches = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([u, init]) => String(u).includes('/api/Users/Me') && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(signedInBrowser);
afterEach(resetBrowser);

describe('CreateAvatarPage', () => {
  it('works without a builder: skipping saves the default avatar and goes on', async () => {
    const fetch = api(null);
    renderScreen('/create-avatar', '/create-avatar?targetRoute=meetings', <CreateAvatarPage />);
    expect(await screen.findByText(/create your own avatar later from your profile/)).toBeVisible();
    expect(screen.queryByTitle('Avatar builder')).toBeNull();
    const skip = screen.getByRole('button', { name: 'Skip avatar creation' });
    await waitFor(() => expect((skip as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(skip);
    expect((await screen.findByTestId('location')).textContent).toBe('/meetings');
    expect(patches(fetch)).toEqual([{ readyPlayerMeAvatar: defaultAvatarUrl }]);
    expect(session.get().user?.readyPlayerMeAvatar).toBe('x');
  });

  it('saves the avatar the builder exports, only from its own origin', async () => {
    const fetch = api('https://builder.example/avatar?frameApi');
    renderScreen('/create-avatar', '/create-avatar', <CreateAvatarPage />);
    const frame = (await screen.findByTitle('Avatar builder')) as HTMLIFrameElement;
    expect(frame.getAttribute('allow')).toBe('camera *; microphone *; clipboard-write');
    // happy-dom does not load frames: stand in for the builder's window.
    const builder = { postMessage: vi.fn() };
    Object.defineProperty(frame, 'contentWindow', { value: builder });
    const post = (data: unknown, origin: string, source: unknown = builder) =>
      window.dispatchEvent(
        new MessageEvent('message', { data, origin, source: source as MessageEventSource }),
      );

    // Once ready, the builder is asked for its events.
    post(
      JSON.stringify({ source: 'readyplayerme', eventName: 'v1.frame.ready' }),
      'https://builder.example',
    );
    expect(builder.postMessage).toHaveBeenCalledWith(
      JSON.stringify({ target: 'readyplayerme', type: 'subscribe', eventName: 'v1.**' }),
      'https://builder.example',
    );
    const exported = (url: string) =>
      JSON.stringify({ source: 'readyplayerme', eventName: 'v1.avatar.exported', data: { url } });
    post(exported('https://models.example/evil.glb'), 'https://evil.example');
    post(exported('https://models.example/self.glb'), 'https://builder.example', window);

    // The builder's own export, after them: the one saved.
    post(exported('https://models.example/me.glb'), 'https://builder.example');
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(patches(fetch)).toEqual([{ readyPlayerMeAvatar: 'https://models.example/me.glb' }]);
  });

  it('shows a failed save and keeps the way on', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/Config') return { body: config(null) };
      if (init?.method === 'PATCH') throw new TypeError('offline');
      return { status: 404 };
    });
    renderScreen('/create-avatar', '/create-avatar', <CreateAvatarPage />);
    await screen.findByText(/create your own avatar later/);
    fireEvent.click(screen.getByRole('button', { name: 'Skip avatar creation' }));
    expect(await screen.findByText('The connection with the server has failed')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Skip avatar creation' })).toBeVisible();
  });

  it('edits from the profile: no skip, a way back, and done it returns to /profile', async () => {
    const fetch = api(null);
    renderScreen(
      '/profile/edit-avatar',
      '/profile/edit-avatar',
      <CreateAvatarPage mode="edit" defaultTarget="/profile" />,
    );
    expect(await screen.findByText(/keep the one you have/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Edit your avatar' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skip avatar creation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    const useDefault = screen.getByRole('button', { name: 'Use the default avatar' });
    await waitFor(() => expect((useDefault as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(useDefault);
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(patches(fetch)).toEqual([{ readyPlayerMeAvatar: defaultAvatarUrl }]);
  });

  it('remakes from scratch: the builder opens on a new avatar', async () => {
    api('https://builder.example/avatar?frameApi');
    renderScreen(
      '/profile/edit-avatar',
      '/profile/edit-avatar?remake=true',
      <CreateAvatarPage mode="edit" defaultTarget="/profile" />,
    );
    expect(await screen.findByRole('heading', { name: 'Remake your avatar' })).toBeVisible();
    const frame = (await screen.findByTitle('Avatar builder')) as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('https://builder.example/avatar');
    expect(src.searchParams.has('frameApi')).toBe(true);
    expect(src.searchParams.has('clearCache')).toBe(true);
  });

  it('edits the avatar the builder remembers without remake', async () => {
    api('https://builder.example/avatar?frameApi');
    renderScreen(
      '/profile/edit-avatar',
      '/profile/edit-avatar',
      <CreateAvatarPage mode="edit" defaultTarget="/profile" />,
    );
    const frame = (await screen.findByTitle('Avatar builder')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://builder.example/avatar?frameApi');
  });
});
