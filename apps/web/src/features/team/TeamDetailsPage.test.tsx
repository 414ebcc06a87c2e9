// @vitest-environment happy-dom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes.tsx';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { mockPictures, type PictureRequest } from '../../test/pictures.ts';
import { renderRouter, teamRoutes } from '../../test/router.tsx';

const renderAt = (url: string) => renderRouter(teamRoutes(), url);

const team = teamFixture({ role: 'Admin' });
const stored = {
  id: team.id,
  organizationId: team.id,
  name: 'Acme VR',
  companyName: 'Acme',
  industry: 'Technology',
  imageUpdated: null as string | null,
  samlLoginProviderId: null,
  samlLoginDisplayName: null,
};

type Call = { method: string; path: string; body: unknown; headers: Headers; search: string };
let calls: Call[];

/** The team's calls: GET answers `org`, PATCH and uploads answer what `answer` gives. */
function serve(org: typeof stored, answer?: (c: Call) => { status?: number; body?: unknown }) {
  calls = [];
  mockFetch((url, init) => {
    const c: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers: new Headers(init?.headers),
      search: url.search,
    };
    calls.push(c);
    if (c.method === 'GET' && c.path === `/api/Organizations/${team.id}`) return { body: org };
    if (c.path === '/api/Users/Me/Organizations') return { body: [team] };
    return answer?.(c) ?? { status: 404 };
  });
}

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  mockApi(() => ({ body: meFixture() }));
  await session.reloadUser();
  session.selectTeam(team);
});
afterEach(() => {
  resetBrowser();
});

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('team details', () => {
  it('is an admin-only route and a tab for admins only', async () => {
    const details = appRoutes
      .find((r) => r.path === 'team')
      ?.children?.find((c) => c.path === 'details');
    expect(details?.flags).toMatchObject({
      loginNeeded: true,
      teamRequired: true,
      teamRole: 'Admin',
    });
    serve(stored);
    renderAt('/team/details');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    const tab = within(tabs).getByRole('link', { name: 'Details' });
    await waitFor(() => expect(tab.getAttribute('aria-current')).toBe('page'));
  });

  it('saves the edited details and shows the new name in the header at once', async () => {
    serve(stored, (c) =>
      c.method === 'PATCH' ? { body: { ...stored, ...(c.body as object) } } : (undefined as never),
    );
    renderAt('/team/details');
    await waitFor(() => expect(field(/Team name/).value).toBe('Acme VR'));
    expect(field(/Company name/).value).toBe('Acme');
    fireEvent.input(field(/Team name/), { target: { value: 'Acme Labs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit organization/ });
    expect(within(dialog).getByText('The data has been saved')).toBeVisible();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe(`/api/Organizations/${team.id}`);
    expect(patch?.body).toEqual({ name: 'Acme Labs', companyName: 'Acme', industry: 'Technology' });
    expect(session.get().team).toMatchObject({ id: team.id, name: 'Acme Labs', role: 'Admin' });
    expect(await screen.findByText('Acme Labs', { selector: 'p' })).toBeVisible();
  });

  it('shows a free-text industry as Other with its name, and sends the text', async () => {
    serve({ ...stored, industry: 'Robotics' }, (c) =>
      c.method === 'PATCH' ? { body: { ...stored, ...(c.body as object) } } : (undefined as never),
    );
    renderAt('/team/details');
    await waitFor(() => expect(field(/Please specify/).value).toBe('Robotics'));
    expect(screen.getAllByDisplayValue('Other').length).toBeGreaterThan(0);
    fireEvent.input(field(/Please specify/), { target: { value: 'R' } });
    fireEvent.blur(field(/Please specify/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 2 characters')).toBeVisible();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.input(field(/Please specify/), { target: { value: 'Robotics and drones' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: /Edit organization/ });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      industry: 'Robotics and drones',
    });
  });

  it('keeps the input and shows the server message when saving fails', async () => {
    serve(stored, (c) =>
      c.method === 'PATCH'
        ? {
            status: 400,
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'Team name is taken.',
              errors: { name: ['Team name is taken.'] },
            },
          }
        : (undefined as never),
    );
    renderAt('/team/details');
    await waitFor(() => expect(field(/Team name/).value).toBe('Acme VR'));
    fireEvent.input(field(/Team name/), { target: { value: 'Taken name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: /Error/ });
    expect(within(dialog).getByText(/Team name is taken/)).toBeVisible();
    expect(field(/Team name/).value).toBe('Taken name');
    expect(session.get().team?.name).toBe('Acme VR');
  });
});

describe('team logo', () => {
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

  it('refuses a file of another type or too big before sending it', async () => {
    serve(stored);
    renderAt('/team/details');
    await screen.findByRole('button', { name: 'Upload logo' });
    expect(fileInput().accept).toBe('image/jpeg,image/gif,image/png');
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('File type not supported. Upload a valid image.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    const big = new File([new Uint8Array(10_000_000)], 'big.png', { type: 'image/png' });
    pick(big);
    expect(
      await screen.findByText("Image too big. Make sure it's smaller than 10MB"),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a logo, shows it in both previews and removes it', async () => {
    let org = { ...stored };
    let pictures: PictureRequest[] = [];
    const when = '2026-11-22T07:00:00.000Z';
    serve(org, (c) => {
      if (c.method === 'POST') {
        org = { ...org, imageUpdated: when };
        serve(org, (next) => (next.method === 'DELETE' ? { status: 204 } : (undefined as never)));
        pictures = mockPictures();
        return {
          body: {
            slug: `organization-${team.id}`,
            imageUpdated: when,
            url: `/api/ProfileImage/organization-${team.id}?updateDate=${encodeURIComponent(when)}`,
          },
        };
      }
      return undefined as never;
    });
    const first = calls;
    renderAt('/team/details');
    expect(await screen.findByText('No logo yet')).toBeVisible();
    expect(screen.getByText(/Recommended aspect ratio 2:1/)).toBeVisible();
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    const logo = (await screen.findByRole('img', { name: 'Logo of Acme VR' })) as HTMLImageElement;
    const post = first.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/ProfileImage/organization/${team.id}`);
    expect(post?.search).toBe('?fileName=logo.png');
    expect(post?.headers.get('content-type')).toBe('image/png');
    // The picture is asked for with the token (an img tag would send none) and shown from memory.
    expect(pictures).toEqual([
      {
        path: `/api/ProfileImage/organization-${team.id}`,
        search: `?updateDate=${encodeURIComponent(when)}`,
        authorization: expect.stringMatching(/^Bearer \S+/),
      },
    ]);
    expect(logo.getAttribute('src')).toMatch(/^blob:/);
    expect(session.get().team?.imageUpdated).toBe(when);

    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove logo' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(session.get().team?.imageUpdated).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
