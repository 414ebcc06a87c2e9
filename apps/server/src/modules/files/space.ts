import { enumNumber, FileScopes } from '@roomscale/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { fileItems } from '../../db/schema.ts';
import type { Caller, GuestCaller, TeamContext } from '../../platform/http/access.ts';
import { guestKeyPrefix, teamKeyPrefix } from '../../platform/storage/index.ts';
import { memberOfTeam } from '../organizations/membership.ts';

/**
 * Whose files a call works on: a team member's view of the team's files, or a guest's own
 * files. The files service takes one of these, so the team and the guest routes share it.
 */
export type FileSpace =
  | { kind: 'team'; organizationId: string; userId: string }
  | { kind: 'guest'; guestId: string; email: string };

export const teamSpace = (caller: Caller, team: TeamContext): FileSpace => ({
  kind: 'team',
  organizationId: team.organizationId,
  userId: caller.userId,
});

export const guestSpace = (guest: GuestCaller): FileSpace => ({
  kind: 'guest',
  guestId: guest.guestId,
  email: guest.email.toLowerCase(),
});

export const TEAM_SCOPE = enumNumber(FileScopes, 'Organization');
export const USER_SCOPE = enumNumber(FileScopes, 'User');
export const GUEST_SCOPE = enumNumber(FileScopes, 'Guest');
/** Demo and Template items are made by the platform, never through the API: read-only. */
export const READ_ONLY_SCOPES = [
  enumNumber(FileScopes, 'Demo'),
  enumNumber(FileScopes, 'Template'),
];

/** Team member: team and read-only items, personal items of their own; guest: their own. */
export function visibleIn(space: FileSpace): SQL {
  if (space.kind === 'guest') {
    return and(
      isNull(fileItems.organizationId),
      eq(fileItems.scope, GUEST_SCOPE),
      eq(fileItems.ownerGuestEmail, space.email),
    )!;
  }
  return and(eq(fileItems.organizationId, space.organizationId), seenByMember(space.userId))!;
}

/**
 * What a member sees of their team's items: the team's and the read-only ones, and their own
 * personal items. The team's files routes and the team-less `GET /api/File/{id}` both use it.
 */
export function seenByMember(userId: string): SQL {
  return or(
    inArray(fileItems.scope, [TEAM_SCOPE, ...READ_ONLY_SCOPES]),
    and(eq(fileItems.scope, USER_SCOPE), eq(fileItems.ownerUserId, userId)),
  )!;
}

/** What a user sees of the items of all their teams (the team-less `GET /api/File/{id}`). */
export const seenInTeamsOf = (userId: string): SQL =>
  and(memberOfTeam(sql`"file_items"."organization_id"`, userId), seenByMember(userId))!;

/** Where this space's uploads live in storage. */
export const keyPrefixOf = (space: FileSpace) =>
  space.kind === 'team' ? teamKeyPrefix(space.organizationId) : guestKeyPrefix(space.guestId);

/** The user recorded as creator or editor; guests are not users. */
export const actorOf = (space: FileSpace) => (space.kind === 'team' ? space.userId : null);

/** The owner columns of a new item. */
export const ownerOf = (space: FileSpace) =>
  space.kind === 'team'
    ? { organizationId: space.organizationId, ownerUserId: space.userId, ownerGuestEmail: null }
    : { organizationId: null, ownerUserId: null, ownerGuestEmail: space.email };

export const isReadOnly = (scope: number) => READ_ONLY_SCOPES.includes(scope);
