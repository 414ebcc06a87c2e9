// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInMember,
  teamFixture,
} from '../../test/harness.tsx';
import { auditEntry, auditPage, teamId } from '../audit/fixtures.ts';
import { TeamAuditPage } from './TeamAuditPage.tsx';

beforeEach(() => signedInMember(teamFixture({ id: teamId, role: 'Admin' })));
afterEach(() => {
  resetBrowser();
});

const requests = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));

describe('TeamAuditPage', () => {
  it("reads the current team's log from the team endpoint, page by page", async () => {
    const fetch = mockApi((_, url) => {
      const page = Number(url.searchParams.get('Page'));
      return {
        body: auditPage(page, 2, [
          auditEntry(page, {
            action: 'license.returnToTrial',
            actorId: null,
            actorName: null,
            actorEmail: null,
            before: { licenseType: 'License' },
            after: { licenseType: 'Trial' },
          }),
        ]),
      };
    });
    renderScreen('/team/audit', '/team/audit?page=2', <TeamAuditPage />);
    const table = await screen.findByRole('table', { name: 'Recorded changes' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('System');
    expect(row).toHaveTextContent('Returned to Trial');
    expect(row).toHaveTextContent(/License type:\s*License\s*→\s*changed to\s*Trial/);
    // One team: no team column, and the people are not links into the admin area.
    expect(within(table).queryByRole('columnheader', { name: 'Team' })).toBeNull();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(row).toHaveTextContent('Alan Turing');

    const urls = requests(fetch);
    expect(urls.map((u) => u.pathname)).toEqual([`/api/Organizations/${teamId}/AuditLog`]);
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ Page: '2', PageSize: '25' });
    expect(screen.getByRole('navigation', { name: 'Audit log pages' })).toBeVisible();
  });

  it('says when nothing has been recorded yet', async () => {
    mockApi(() => ({ body: auditPage(1, 0, []) }));
    renderScreen('/team/audit', '/team/audit', <TeamAuditPage />);
    expect(await screen.findByText('No changes recorded yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
