// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { type SamlConfig, ssoTexts } from '@roomscale/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IdpSetupGuide } from './IdpSetupGuide.tsx';

afterEach(cleanup);

const config: SamlConfig = {
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
  samlConfig: '<md:EntityDescriptor entityID="https://rs.example/saml/saml-0b8f9c4e/metadata"/>',
};

function renderGuide() {
  render(
    <MantineProvider>
      <IdpSetupGuide config={config} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Set up in your identity provider' });
}

/** The rows of a provider's table as [their field, our value and its address]. */
async function rowsOf(name: string) {
  // Found once its panel has opened (the accordion animates it).
  const table = await screen.findByRole('table', { name: `${name}: Their field, Our value` });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

describe('setting up single sign-on in the identity provider', () => {
  it('names a section per common provider, each a heading with a button', () => {
    const guide = renderGuide();
    const buttons = within(guide).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Microsoft Entra ID',
      'Okta',
      'Google Workspace',
      'Another SAML 2.0 provider',
    ]);
    // Native buttons (Enter and Space open them) that say whether their panel is open.
    for (const b of buttons) {
      expect(b.tagName).toBe('BUTTON');
      expect(b).toHaveAttribute('aria-expanded', 'false');
      expect(b.closest('h3')).not.toBeNull();
    }
  });

  it("says which of our values goes into which of Entra ID's fields, and the address claim", async () => {
    const guide = renderGuide();
    const entra = within(guide).getByRole('button', { name: 'Microsoft Entra ID' });
    fireEvent.click(entra);
    expect(entra).toHaveAttribute('aria-expanded', 'true');
    expect(await rowsOf('Microsoft Entra ID')).toEqual([
      ['Identifier (Entity ID)', `Entity ID (App ID URI)${config.appIdUri}`],
      [
        'Reply URL (Assertion Consumer Service URL)',
        `Reply URL (Assertion Consumer Service)${config.consumerUrl}`,
      ],
      ['Sign on URL', `Sign-on URL${config.ssoUrl}`],
      [
        'Upload metadata file (instead of the fields above)',
        'Service provider metadataThe XML above, saved as a file',
      ],
    ]);
    expect(guide).toHaveTextContent(
      'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress = user.mail',
    );
    expect(guide).toHaveTextContent('Microsoft Entra Identifier → Identity provider entity ID');
  });

  it('gives Okta, Google Workspace and other providers our reply URL and entity ID', async () => {
    const guide = renderGuide();
    fireEvent.click(within(guide).getByRole('button', { name: 'Okta' }));
    expect(await rowsOf('Okta')).toEqual([
      [
        'Single sign-on URL (with "Use this for Recipient URL and Destination URL")',
        `Reply URL (Assertion Consumer Service)${config.consumerUrl}`,
      ],
      ['Audience URI (SP Entity ID)', `Entity ID (App ID URI)${config.appIdUri}`],
    ]);
    expect(guide).toHaveTextContent('Set Name ID format to EmailAddress');

    fireEvent.click(within(guide).getByRole('button', { name: 'Google Workspace' }));
    expect((await rowsOf('Google Workspace')).map((r) => r[0])).toEqual([
      'ACS URL',
      'Entity ID',
      'Start URL (optional)',
    ]);
    expect(guide).toHaveTextContent('Name ID to Basic Information › Primary email');

    fireEvent.click(within(guide).getByRole('button', { name: 'Another SAML 2.0 provider' }));
    expect((await rowsOf('Another SAML 2.0 provider'))[0]).toEqual([
      'Entity ID, Audience or Identifier',
      `Entity ID (App ID URI)${config.appIdUri}`,
    ]);
  });

  it('keeps every text in the shared texts', () => {
    for (const p of ssoTexts.setupGuide.providers) {
      for (const f of p.fields) expect(Object.keys(ssoTexts.tab.fields)).toContain(f.ours);
    }
  });
});
