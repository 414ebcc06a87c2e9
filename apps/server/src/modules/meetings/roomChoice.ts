import { guestMessages, meetingMessages } from '@roomscale/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetingRooms, meetings, rooms } from '../../db/schema.ts';
import type { Caller, TeamContext } from '../../platform/http/access.ts';
import { fieldError } from '../../platform/http/problem.ts';
import { publicTemplate, visibleInTeam } from '../rooms/policy.ts';
import { copiedFields } from '../rooms/presenter.ts';

type RoomRow = typeof rooms.$inferSelect;

/**
 * Who a meeting belongs to: a team, planned by one of its members, or a guest (no team, public
 * templates only). Creating, choosing rooms and inviting are the same for both, as files are
 * for a `FileSpace`.
 */
export type MeetingOwner =
  | { kind: 'team'; caller: Caller; team: TeamContext }
  | { kind: 'guest'; email: string };

/** The rooms an owner may pick from: the team's rooms and templates, or public templates. */
const offeredTo = (owner: MeetingOwner, now: Date): SQL =>
  owner.kind === 'team'
    ? visibleInTeam(
        {
          organizationId: owner.team.organizationId,
          userId: owner.caller.userId,
          role: owner.team.role,
        },
        now,
      )
    : publicTemplate;

/** The columns a new meeting or temporary room takes from its owner. */
export const ownerColumns = (owner: MeetingOwner) =>
  owner.kind === 'team'
    ? { organizationId: owner.team.organizationId, createdByUserId: owner.caller.userId }
    : { organizationId: null, createdByGuestEmail: owner.email };

/** The rooms a meeting should have after a create or an edit. */
export type RoomChoice = {
  /** Team rooms, or (on edit) temporary rooms the meeting already has, in order. */
  keep: string[];
  /** Templates to make a temporary room from. */
  fromTemplates: string[];
  /** A room id, or the id of a template in `fromTemplates`. */
  current: string | null | undefined;
};

const unique = (ids: string[]) => [...new Set(ids)];

/** Rows by id among those the owner may pick from. */
async function visibleRows(tx: DbOrTx, owner: MeetingOwner, ids: string[], now: Date) {
  if (ids.length === 0) return new Map<string, RoomRow>();
  const rows = await tx
    .select()
    .from(rooms)
    .where(and(inArray(rooms.id, ids), offeredTo(owner, now)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Checks the choice, makes the temporary rooms, and sets the meeting's rooms and current room.
 * Temporary rooms the meeting had and no longer keeps are deleted. Call inside a transaction.
 */
export async function applyRoomChoice(
  tx: DbOrTx,
  owner: MeetingOwner,
  meetingId: string,
  choice: RoomChoice,
  now: Date,
) {
  const keep = unique(choice.keep);
  const templates = unique(choice.fromTemplates);
  const own = await tx.select().from(rooms).where(eq(rooms.meetingId, meetingId));
  const ownIds = new Set(own.map((r) => r.id));
  // Rooms the meeting already has stay allowed, even someone else's private room that the
  // editing admin cannot see.
  const attached = await tx
    .select({ roomId: meetingRooms.roomId })
    .from(meetingRooms)
    .where(eq(meetingRooms.meetingId, meetingId));
  const allowed = new Set([...ownIds, ...attached.map((r) => r.roomId)]);

  const teamRooms = await visibleRows(
    tx,
    owner,
    keep.filter((id) => !allowed.has(id)),
    now,
  );
  for (const id of keep) {
    if (allowed.has(id)) continue;
    const room = teamRooms.get(id);
    if (!room) throw fieldError('rooms', meetingMessages.unknownRoom);
    if (room.isTemplate) throw fieldError('rooms', meetingMessages.templateAsRoom);
  }
  const templateRows = await visibleRows(tx, owner, templates, now);
  for (const id of templates) {
    if (!templateRows.get(id)?.isTemplate) {
      throw fieldError(
        'temporaryRooms',
        owner.kind === 'team' ? meetingMessages.notATemplate : guestMessages.publicTemplatesOnly,
      );
    }
  }

  const dropped = own.filter((r) => !keep.includes(r.id)).map((r) => r.id);
  if (dropped.length) await tx.delete(rooms).where(inArray(rooms.id, dropped));

  const made = new Map<string, string>();
  for (const id of templates) {
    const template = templateRows.get(id)!;
    const [room] = await tx
      .insert(rooms)
      .values({
        ...copiedFields(template),
        isTemplate: false,
        name: template.name,
        description: template.description,
        // Shared with nobody: reachable only through its meeting.
        sharingType: 'None',
        organizationId: owner.kind === 'team' ? owner.team.organizationId : null,
        templateId: template.id,
        meetingId,
        created: now,
        createdBy: owner.kind === 'team' ? owner.caller.userId : null,
      })
      .returning({ id: rooms.id });
    made.set(id, room!.id);
  }

  const order = [...keep, ...made.values()];
  await tx.delete(meetingRooms).where(eq(meetingRooms.meetingId, meetingId));
  await tx
    .insert(meetingRooms)
    .values(order.map((roomId, position) => ({ meetingId, roomId, position })));

  let current = choice.current ? (made.get(choice.current) ?? choice.current) : null;
  if (choice.current && !order.includes(current!)) {
    throw fieldError('currentRoomId', meetingMessages.roomNotInMeeting);
  }
  current ??= order[0] ?? null;
  await tx.update(meetings).set({ currentRoomId: current }).where(eq(meetings.id, meetingId));
}
