// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, resetBrowser, stubBrowser } from '../../test/harness.tsx';
import { AvatarCard, isViewableAvatar } from './AvatarCard.tsx';

// <model-viewer> does not run in happy-dom: a stand-in that shows what it was given.
vi.mock('../files/viewers/ModelViewer.tsx', () => ({
  ModelViewer: (props: { src: string }) => <div data-testid="model-viewer" data-src={props.src} />,
}));

beforeEach(stubBrowser);
afterEach(resetBrowser);

describe('avatar card', () => {
  it('may load only models of its own origin (the content security policy)', () => {
    const origin = 'https://app.example';
    expect(isViewableAvatar('https://app.example/avatars/default.glb', origin)).toBe(true);
    expect(isViewableAvatar('/avatars/default.GLB', origin)).toBe(true);
    expect(isViewableAvatar('https://models.example/me.glb', origin)).toBe(false);
    expect(isViewableAvatar('https://app.example/avatars/me.png', origin)).toBe(false);
    expect(isViewableAvatar('http://[bad', origin)).toBe(false);
  });

  it('shows an avatar of this server in 3D, and says so for one kept elsewhere', () => {
    const own = `${window.location.origin}/avatars/default.glb`;
    const view = renderScreen('/', '/', <AvatarCard avatarUrl={own} />);
    expect(screen.getByTestId('model-viewer').getAttribute('data-src')).toBe(own);
    view.unmount();

    renderScreen('/', '/', <AvatarCard avatarUrl="https://models.example/me.glb" />);
    const card = screen.getByRole('region', { name: 'Avatar' });
    expect(within(card).queryByTestId('model-viewer')).toBeNull();
    expect(within(card).getByText(/Your avatar is set/)).toBeVisible();
  });

  it('says when there is no avatar yet', () => {
    renderScreen('/', '/', <AvatarCard avatarUrl={null} />);
    expect(screen.getByText('You have no avatar yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit avatar' })).toBeVisible();
  });
});
