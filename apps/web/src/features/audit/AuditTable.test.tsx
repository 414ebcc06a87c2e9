// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditTable } from './AuditTable.tsx';
import { auditEntry } from './fixtures.ts';

const templateId = '55555555-5555-4555-8555-555555555555';

afterEach(cleanup);

function renderTable(entries: Parameters<typeof AuditTable>[0]['entries'], admin = true) {
  const router = createMemoryRouter([
    { path: '/', element: <AuditTable entries={entries} admin={admin} /> },
  ]);
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return screen.getAllByRole('row').slice(1);
}

/** The text of one column of a row, by the column's label (the phone layout's data-label). */
const cell = (row: HTMLElement, label: string) =>
  row.querySelector(`td[data-label="${label}"]`)?.textContent ?? '';

describe('audit rows name what they are about, in words', () => {
  it('names a room template, its allowed teams and capabilities', () => {
    const [row] = renderTable([
      auditEntry(1, {
        action: 'template.edit',
        entityId: templateId,
        organizationId: null,
        organizationName: null,
        targetUserId: null,
        targetName: 'Lecture hall',
        before: {
          description: 'Old',
          allowedOrganizations: [],
          capabilities: ['Notes'],
          sharingType: 'None',
        },
        after: {
          description: 'Rows of seats',
          allowedOrganizations: ['Alpha academy', 'Beta school'],
          capabilities: ['Whiteboard', 'Notes'],
          sharingType: 'OrganizationAllowlist',
        },
      }),
    ]);
    expect(cell(row!, 'About')).toBe('Lecture hallRoom template');
    const change = within(row!.querySelector('td[data-label="Change"]') as HTMLElement);
    const items = change.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Description: Old');
    expect(items[1]).toContain('Allowed teams: —');
    expect(items[1]).toContain('Alpha academy, Beta school');
    expect(items[2]).toContain('Capabilities: Notes');
    expect(items[2]).toContain('Whiteboard, Notes');
    expect(items[3]).toContain('Sharing type: None');
    expect(items[3]).toContain('Organization allowlist');
    expect(row!.textContent).not.toContain('[');
    expect(row!.textContent).not.toContain('OrganizationAllowlist');
  });

  it('names the team of a team change, a license, and a template recorded without a name', () => {
    const rows = renderTable(
      [
        auditEntry(1, {
          action: 'team.edit',
          targetUserId: null,
          targetName: null,
          before: { name: 'Acme' },
          after: { name: 'Acme VR' },
        }),
        auditEntry(2, {
          action: 'template.delete',
          organizationId: null,
          organizationName: null,
          targetUserId: null,
          targetName: null,
          before: { sharingType: 'Public' },
          after: null,
        }),
        auditEntry(3),
        auditEntry(4, {
          action: 'license.edit',
          targetUserId: null,
          targetName: 'Pilot',
          before: { userAmount: 2 },
          after: { userAmount: 5 },
        }),
        auditEntry(5, {
          action: 'license.edit',
          targetUserId: null,
          targetName: null,
          before: { userAmount: 2 },
          after: { userAmount: 5 },
        }),
      ],
      false,
    );
    expect(cell(rows[0]!, 'About')).toBe('Acme VRTeam');
    expect(cell(rows[1]!, 'About')).toBe('Unnamed room templateRoom template');
    expect(cell(rows[2]!, 'About')).toBe('Alan Turing');
    expect(cell(rows[3]!, 'About')).toBe('PilotLicense');
    expect(cell(rows[4]!, 'About')).toBe('Acme VRTeam');
  });

  it('names SCIM as the author of the changes a team’s identity provider makes', () => {
    const [suspended] = renderTable([
      auditEntry(1, {
        action: 'membership.suspend',
        actorId: null,
        actorName: 'SCIM',
        actorEmail: null,
        before: { role: 'User', licenseType: 'License' },
        after: null,
      }),
    ]);
    expect(cell(suspended!, 'What')).toBe('Member suspended');
    expect(cell(suspended!, 'Who')).toBe('SCIM');
  });

  it('says in words why a single sign-on was refused, and which account it named', () => {
    const [signature, unknown] = renderTable([
      auditEntry(1, {
        action: 'sso.refused',
        actorId: null,
        actorName: null,
        actorEmail: null,
        targetUserId: null,
        targetName: null,
        before: null,
        after: { refusalReason: 'signature' },
      }),
      auditEntry(2, {
        action: 'sso.refused',
        actorId: null,
        actorName: null,
        actorEmail: null,
        targetUserId: null,
        targetName: null,
        before: null,
        // In the order the database answers (jsonb: shorter keys first); the reason reads first.
        after: { userKey: 'sam@acme.test', refusalReason: 'unknownUser' },
      }),
    ]);
    expect(cell(signature!, 'What')).toBe('Single sign-on refused');
    expect(cell(signature!, 'Who')).toBe('System');
    expect(cell(signature!, 'About')).toBe('Acme VRTeam');
    expect(cell(signature!, 'Change')).toBe(
      'Reason: The signature is missing, not made with the saved certificate, or not allowed',
    );
    const items = within(unknown!.querySelector('td[data-label="Change"]') as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Reason: Nobody in Roomscale has a single sign-on login with this account',
      'Account at the identity provider: sam@acme.test',
    ]);
    expect(unknown!.textContent).not.toContain('unknownUser');
  });
});
