import type { AuditEntry, AuditPage } from '@roomscale/shared';

export const actorId = '11111111-1111-4111-8111-111111111111';
export const teamId = '22222222-2222-4222-8222-222222222222';
export const targetId = '33333333-3333-4333-8333-333333333333';

/** A recorded change as the server sends it: a super admin changed a membership. */
export function auditEntry(i: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    at: '2025-03-07T14:05:09.000Z',
    action: 'membership.edit',
    entityId: null,
    organizationId: teamId,
    organizationName: 'Acme VR',
    actorId,
    actorName: 'Grace Hopper',
    actorEmail: 'grace@example.com',
    targetUserId: targetId,
    targetName: 'Alan Turing',
    before: { role: 'User' },
    after: { role: 'Admin' },
    ip: '203.0.113.7',
    ...overrides,
  };
}

/** A cursor as the server writes them, naming the page it ends. */
export const cursorAfter = (page: number) =>
  `${1_767_225_600_000_000 - page}_00000000-0000-4000-8000-${String(page).padStart(12, '0')}`;

export function auditPage(page: number, pageCount: number, results: AuditEntry[]): AuditPage {
  return {
    currentPage: page,
    pageCount,
    pageSize: 25,
    entryCount: pageCount === 0 ? 0 : (pageCount - 1) * 25 + results.length,
    firstRowOnPage: results.length ? (page - 1) * 25 + 1 : 0,
    lastRowOnPage: (page - 1) * 25 + results.length,
    results,
    nextCursor: page < pageCount ? cursorAfter(page) : null,
  };
}
