// @vitest-environment happy-dom

import { notifications } from '@mantine/notifications';
import { type SamlConfig, shellTexts, ssoMessages } from '@roomscale/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/routes.tsx';
import { routeObjects } from '../../app/routeTree.tsx';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  resetBrowser,
  signedInBrowser,
  signedInMember,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { renderRouter, teamRoutes } from '../../test/router.tsx';
import { formatValidTo } from './certificate.ts';

const renderAt = (url: string, routes = teamRoutes()) => renderRouter(routes, url);

const team = teamFixture({ role: 'Admin' });
const configPath = `/api/Organization/${team.id}/SamlConfig`;
const metadata =
  '<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://rs.example/saml/p-1/metadata"/>';
const pem = '-----BEGIN CERTIFICATE-----\nMIIC4jCCAcqgAwIBAgIQ\n-----END CERTIFICATE-----';
/** As pasted from a file: a line break around it, which is not sent. */
const pasted = `\n${pem}\n  `;

/** Before the first save: empty editable values, ours already there. */
const fresh: SamlConfig = {
  loginProviderId: 'saml-0b8f9c4e',
  configured: false,
  identityLabel: '',
  loginUrl: '',
  certificate: '',
  certificateValidTo: null,
  nextCertificate: '',
  nextCertificateValidTo: null,
  appIdUri: 'https://rs.example/saml/saml-0b8f9c4e/metadata',
  ssoUrl: 'https://rs.example/saml/saml-0b8f9c4e',
  consumerUrl: 'https://rs.example/saml/saml-0b8f9c4e/acs',
  samlConfig: metadata,
};
const savedConfig: SamlConfig = {
  ...fresh,
  configured: true,
  identityLabel: 'https://idp.example/realms/acme',
  loginUrl: 'https://idp.example/realms/acme/protocol/saml',
  certificate: pem,
  certificateValidTo: '2036-06-15T12:00:00.000Z',
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];

/** GET answers `config`; other calls answer what `answer` gives (else a bare 404). */
function serve(
  config: SamlConfig | { status: number },
  answer?: (c: Call) => { status?: number; body?: unknown } | undefined,
) {
  calls = [];
  return mockFetch((url, init) => {
    const c: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(c);
    const custom = answer?.(c);
    if (custom) return custom;
    if (c.method === 'GET' && c.path === configPath) {
      return 'status' in config ? { status: config.status } : { body: config };
    }
    return { status: 404 };
  });
}

const problem400 = (errors?: Record<string, string[]>, detail = 'Bad Request') => ({
  status: 400,
  body: { type: 'about:blank', title: 'Bad Request', status: 400, detail, errors },
});

beforeEach(() => signedInMember(team));
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
  resetBrowser();
});

const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const type = (name: string, value: string) => {
  fireEvent.input(field(name), { target: { value } });
  fireEvent.blur(field(name));
};

/** Fills the identity provider's form with valid values. */
function fillValid() {
  type('Identity provider entity ID', 'https://idp.example/realms/acme');
  type('Login URL', 'https://idp.example/realms/acme/protocol/saml');
  type('Certificate', pasted);
}

describe('the Single sign-on tab', () => {
  it('is an admin-only route, a working tab, and shows our values before the first save', async () => {
    const route = appRoutes.find((r) => r.path === 'team')?.children?.find((c) => c.path === 'sso');
    expect(route?.flags).toMatchObject({
      loginNeeded: true,
      teamRequired: true,
      teamRole: 'Admin',
      title: 'Single sign-on',
    });
    serve(fresh);
    renderAt('/team/sso');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    const tab = within(tabs).getByRole('link', { name: 'Single sign-on' });
    await waitFor(() => expect(tab.getAttribute('aria-current')).toBe('page'));
    expect(tab.getAttribute('href')).toBe('/team/sso');

    expect(await screen.findByText('Single sign-on is not set up yet.')).toBeVisible();
    const ours = screen.getByRole('region', { name: 'Values for your identity provider' });
    expect(within(ours).getByRole('textbox', { name: /^Entity ID/ })).toHaveValue(fresh.appIdUri);
    expect(within(ours).getByRole('textbox', { name: /^Sign-on URL/ })).toHaveValue(fresh.ssoUrl);
    expect(within(ours).getByRole('textbox', { name: /^Reply URL/ })).toHaveValue(
      fresh.consumerUrl,
    );
    const xml = within(ours).getByRole('textbox', { name: /^Service provider metadata/ });
    expect(xml).toHaveValue(metadata);
    expect(xml).toHaveAttribute('readonly');
    expect(xml.tagName).toBe('TEXTAREA');

    const form = screen.getByRole('region', { name: 'Your identity provider' });
    expect(within(form).getByRole('textbox', { name: /^Certificate/ })).toHaveAttribute(
      'rows',
      '5',
    );
    expect(field('Login URL')).toHaveAttribute('type', 'url');
    expect(field('Identity provider entity ID')).toHaveAttribute('type', 'url');
    // Nothing entered yet: nothing to save.
    expect(saveButton()).toBeDisabled();
    expect(calls.filter((c) => c.path === configPath).map((c) => c.method)).toEqual(['GET']);
  });

  it('shows a saved configuration with its certificate end', async () => {
    serve(savedConfig);
    renderAt('/team/sso');
    await waitFor(() => expect(field('Login URL')).toHaveValue(savedConfig.loginUrl));
    expect(field('Identity provider entity ID')).toHaveValue(savedConfig.identityLabel);
    expect(field('Certificate')).toHaveValue(pem);
    expect(screen.getByText(/^Single sign-on is set up\./)).toBeVisible();
    expect(screen.getByText('Certificate valid until 15 June 2036')).toBeVisible();
    expect(screen.queryByText('Single sign-on is not set up yet.')).toBeNull();
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  it('shows the end of each certificate during a rollover and saves the next one', async () => {
    const nextPem =
      '-----BEGIN CERTIFICATE-----\nMIIC4jCCAcqgAwIBAgIQnext\n-----END CERTIFICATE-----';
    const rolling: SamlConfig = {
      ...savedConfig,
      certificateValidTo: '2026-12-05T12:00:00.000Z',
      nextCertificate: nextPem,
      nextCertificateValidTo: '2036-06-15T12:00:00.000Z',
    };
    serve(rolling, (c) =>
      c.method === 'POST' && c.path === configPath ? { body: rolling } : undefined,
    );
    renderAt('/team/sso');
    await waitFor(() => expect(field('Next certificate')).toHaveValue(nextPem));
    expect(screen.getByText('Certificate valid until 5 December 2026')).toBeVisible();
    expect(screen.getByText('Next certificate valid until 15 June 2036')).toBeVisible();
    // The next one holds beyond the current one's end: no warning about the current one's.
    expect(screen.queryByText(/The certificate expires on/)).toBeNull();
    type('Login URL', 'https://idp.example/realms/acme/protocol/saml2');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    expect(await screen.findByText('Configuration saved')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      identityLabel: rolling.identityLabel,
      loginUrl: 'https://idp.example/realms/acme/protocol/saml2',
      certificate: pem,
      nextCertificate: nextPem,
    });
  });

  it('warns when the saved certificate has run out', async () => {
    serve({ ...savedConfig, certificateValidTo: '2021-02-03T12:00:00.000Z' });
    renderAt('/team/sso');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      'The certificate expired on 3 February 2021. Single sign-on fails until you paste the current certificate',
    );
    expect(screen.queryByText(/^Single sign-on is set up/)).toBeNull();
  });

  it('warns ahead when the saved certificate runs out within a month', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    serve({ ...savedConfig, certificateValidTo: soon });
    renderAt('/team/sso');
    expect(await screen.findByText(/^Single sign-on is set up\./)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `The certificate expires on ${formatValidTo(soon)}. Paste the new certificate`,
    );
  });

  it('copies a value and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    serve(fresh);
    renderAt('/team/sso');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Sign-on URL' }));
    expect(await screen.findByText('Copied to clipboard')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(fresh.ssoUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Service provider metadata' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(metadata));
  });

  it('selects the value to copy by hand when the browser refuses the clipboard', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    serve(fresh);
    renderAt('/team/sso');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Copy Reply URL (Assertion Consumer Service)' }),
    );
    expect(await screen.findByText(/Copying is not possible here/)).toBeVisible();
    expect(screen.queryByText('Copied to clipboard')).toBeNull();
    expect(document.activeElement).toBe(field('Reply URL'));
  });

  it('keeps Save disabled while a value is missing or not an http(s) address', async () => {
    serve(fresh);
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Your identity provider' });
    fillValid();
    await waitFor(() => expect(saveButton()).toBeEnabled());

    type('Login URL', 'idp.example/login');
    expect(await screen.findByText(ssoMessages.urlInvalid)).toBeVisible();
    expect(saveButton()).toBeDisabled();
    type('Login URL', 'ftp://idp.example/login');
    await waitFor(() => expect(saveButton()).toBeDisabled());
    type('Login URL', 'https://idp.example/login');
    await waitFor(() => expect(saveButton()).toBeEnabled());

    type('Certificate', '   ');
    expect(await screen.findByText('This field is required')).toBeVisible();
    expect(saveButton()).toBeDisabled();
    fireEvent.submit(saveButton().closest('form')!);
    // Refused, the submit ends by focusing the field in error: a POST would have gone by then.
    await waitFor(() => expect(document.activeElement).toBe(field('Certificate')));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves, says so, shows the stored values and gives the team its SSO provider', async () => {
    const teamsAfter = [
      { ...team, samlLoginProviderId: fresh.loginProviderId, samlLoginDisplayName: 'Acme SSO' },
    ];
    serve(fresh, (c) => {
      if (c.method === 'POST' && c.path === configPath) return { body: savedConfig };
      if (c.path === '/api/Users/Me/Organizations') return { body: teamsAfter };
      return undefined;
    });
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Your identity provider' });
    fillValid();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());

    expect(await screen.findByText('Configuration saved')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      identityLabel: 'https://idp.example/realms/acme',
      loginUrl: 'https://idp.example/realms/acme/protocol/saml',
      certificate: pem,
    });
    // The form shows what is stored now: the certificate as the server keeps it.
    expect(field('Certificate')).toHaveValue(pem);
    expect(field('Identity provider entity ID')).toHaveValue('https://idp.example/realms/acme');
    expect(await screen.findByText('Certificate valid until 15 June 2036')).toBeVisible();
    expect(screen.queryByText('Single sign-on is not set up yet.')).toBeNull();
    // The Users tab's SSO switches read the current team's provider.
    await waitFor(() =>
      expect(session.get().team).toMatchObject({
        id: team.id,
        role: 'Admin',
        samlLoginProviderId: fresh.loginProviderId,
        samlLoginDisplayName: 'Acme SSO',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's certificate reason in the 'Error' modal and keeps what was typed", async () => {
    serve(fresh, (c) =>
      c.method === 'POST'
        ? problem400({ certificate: [ssoMessages.certificateExpired] }, 'Validation failed')
        : undefined,
    );
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Your identity provider' });
    fillValid();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());

    // part2 §8: 'An error has occurred: {message}' in the 'Error' modal, not under the field.
    const dialog = await screen.findByRole('dialog', { name: /Error/ });
    expect(
      within(dialog).getByText(
        'An error has occurred: The certificate has expired. Paste the current certificate of your identity provider.',
      ),
    ).toBeVisible();
    const form = screen.getByRole('region', { name: 'Your identity provider' });
    expect(within(form).queryByText(ssoMessages.certificateExpired)).toBeNull();
    expect(field('Certificate')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Certificate')).toHaveValue(pasted);
    expect(field('Login URL')).toHaveValue('https://idp.example/realms/acme/protocol/saml');
    expect(screen.queryByText('Configuration saved')).toBeNull();
    expect(session.get().team?.samlLoginProviderId).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'An error has occurred' for other failures and keeps what was typed", async () => {
    serve(fresh, (c) =>
      c.method === 'POST' ? problem400(undefined, 'The identity provider is unknown.') : undefined,
    );
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Your identity provider' });
    fillValid();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: /Error/ });
    expect(
      within(dialog).getByText('An error has occurred: The identity provider is unknown.'),
    ).toBeVisible();
    expect(field('Certificate')).toHaveValue(pasted);
    expect(field('Identity provider entity ID')).toHaveValue('https://idp.example/realms/acme');
  });

  it('shows the mapped message when the server fails', async () => {
    serve(fresh, (c) => (c.method === 'POST' ? { status: 500 } : undefined));
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Your identity provider' });
    fillValid();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: /Error/ });
    expect(within(dialog).getByText(/^An error has occurred: .+/)).toBeVisible();
    expect(field('Login URL')).toHaveValue('https://idp.example/realms/acme/protocol/saml');
  });

  it('offers a retry when loading fails', async () => {
    serve({ status: 500 });
    renderAt('/team/sso');
    expect(
      await screen.findByText('The single sign-on settings could not be loaded.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your identity provider' })).toBeNull();
    serve(fresh);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your identity provider' })).toBeVisible();
  });
});

describe("importing the identity provider's metadata", () => {
  const importPath = `${configPath}/Metadata`;
  const imported = {
    entityId: 'http://www.okta.com/exk1a2b3c4d5e6f7g8h9',
    loginUrl: 'https://example.okta.com/app/roomscale/exk1a2b3c4d5e6f7g8h9/sso/saml',
    certificates: [
      { certificate: 'MIIC4jCCAcqgAwIBAgIQnext', validTo: '2036-06-15T12:00:00.000Z' },
      { certificate: 'MIIC4jCCAcqgAwIBAgIQold', validTo: '2030-01-01T00:00:00.000Z' },
    ],
  };
  const importButton = () => screen.getByRole('button', { name: 'Import' });

  it('fills the form from pasted metadata for review, saving nothing', async () => {
    serve(fresh, (c) =>
      c.method === 'POST' && c.path === importPath ? { body: imported } : undefined,
    );
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Import metadata' });
    expect(importButton()).toBeDisabled();
    fireEvent.change(field('Metadata XML'), { target: { value: '<md:EntityDescriptor/>' } });
    fireEvent.click(importButton());

    expect(await screen.findByText('Metadata imported. Review the values and save.')).toBeVisible();
    expect(calls.find((c) => c.path === importPath)?.body).toEqual({
      xml: '<md:EntityDescriptor/>',
    });
    expect(field('Identity provider entity ID')).toHaveValue(imported.entityId);
    expect(field('Login URL')).toHaveValue(imported.loginUrl);
    expect(field('Certificate')).toHaveValue('MIIC4jCCAcqgAwIBAgIQnext');
    // Nothing saved: only the admin's Save does that.
    expect(calls.some((c) => c.method === 'POST' && c.path === configPath)).toBe(false);
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  it('reads a chosen file and sends its text', async () => {
    serve(fresh, (c) =>
      c.method === 'POST' && c.path === importPath ? { body: imported } : undefined,
    );
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Import metadata' });
    fireEvent.click(screen.getByRole('radio', { name: 'File' }));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const xml = '<md:EntityDescriptor entityID="x"/>';
    fireEvent.change(input, {
      target: { files: [new File([xml], 'metadata.xml', { type: 'text/xml' })] },
    });
    await waitFor(() => expect(importButton()).toBeEnabled());
    fireEvent.click(importButton());
    await waitFor(() => expect(field('Login URL')).toHaveValue(imported.loginUrl));
    expect(calls.find((c) => c.path === importPath)?.body).toEqual({ xml });
  });

  it('sends an address for the server to fetch and shows its refusal under the field', async () => {
    serve(fresh, (c) =>
      c.method === 'POST' && c.path === importPath
        ? problem400({ url: [ssoMessages.metadataUrlPrivate] }, 'Validation failed')
        : undefined,
    );
    renderAt('/team/sso');
    await screen.findByRole('region', { name: 'Import metadata' });
    fireEvent.click(screen.getByRole('radio', { name: 'Address' }));
    fireEvent.change(field('Metadata address'), {
      target: { value: 'http://10.0.0.5/metadata' },
    });
    fireEvent.click(importButton());
    expect(
      await screen.findByText(
        `The metadata could not be imported: ${ssoMessages.metadataUrlPrivate}`,
      ),
    ).toBeVisible();
    expect(calls.find((c) => c.path === importPath)?.body).toEqual({
      url: 'http://10.0.0.5/metadata',
    });
    expect(field('Login URL')).toHaveValue('');
  });
});

describe('the Single sign-on tab for a member who is not an admin', () => {
  it('shows a locked tab, and the address says access denied without loading anything', async () => {
    session.selectTeam(teamFixture({ role: 'User' }));
    serve(fresh);
    renderAt('/team/users');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    const tab = within(tabs).getByRole('button', { name: 'Single sign-on' });
    expect(tab).toHaveAttribute('aria-disabled', 'true');
    expect(tab.querySelector('.tabler-icon-lock')).not.toBeNull();
    resetBrowser();

    // The whole app at /team/sso: the route guard refuses before the screen exists.
    await signedInBrowser();
    stubFonts();
    mockApi(() => ({ body: meFixture() }));
    await session.reloadUser();
    session.selectTeam(teamFixture({ role: 'User' }));
    serve(fresh, (c) => (c.path === '/api/Users/Me' ? { body: meFixture() } : undefined));
    renderAt('/team/sso', routeObjects);
    expect(await screen.findByText(shellTexts.guard.deniedTitle)).toBeVisible();
    expect(screen.getByText(shellTexts.guard.deniedTeamRole)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your identity provider' })).toBeNull();
    expect(calls.some((c) => c.path === configPath)).toBe(false);
  });
});
