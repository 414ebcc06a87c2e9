import type { Room } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import { rooms } from '../../db/schema.ts';

type RoomRow = typeof rooms.$inferSelect;

/**
 * Columns to select for presenting rooms: the row and its room data counts. The subqueries name
 * the outer table explicitly: drizzle leaves columns of a one-table select unqualified.
 */
export const roomSelection = {
  room: rooms,
  staticCount: sql<number>`(select count(*)::int from room_data d
    where d.room_id = "rooms"."id" and d.is_static)`.mapWith(Number),
  dynamicCount: sql<number>`(select count(*)::int from room_data d
    where d.room_id = "rooms"."id" and not d.is_static)`.mapWith(Number),
};
export type RoomWithCounts = { room: RoomRow; staticCount: number; dynamicCount: number };

export function presentRoom(r: RoomWithCounts, canManage: boolean): Room {
  const { room } = r;
  return {
    id: room.id,
    roomId: room.id,
    name: room.name,
    description: room.description,
    category: room.category,
    imageUrl: room.imageUrl,
    sceneName: room.sceneName,
    addressableUrlAndroid: room.addressableUrlAndroid,
    addressableUrlWindows: room.addressableUrlWindows,
    addressableUrlMac: room.addressableUrlMac,
    maxUsers: room.maxUsers,
    persistent: room.persistent,
    capabilities: room.capabilities,
    roomSharingType: room.sharingType,
    template: room.isTemplate,
    templateId: room.templateId,
    userOwnerId: room.ownerUserId,
    organizationOwnerId: room.organizationId,
    staticRoomDataAmount: r.staticCount,
    dynamicRoomDataAmount: r.dynamicCount,
    canManage,
    created: room.created.toISOString(),
    createdBy: room.createdBy,
    lastModified: room.lastModified?.toISOString() ?? null,
    lastModifiedBy: room.lastModifiedBy,
  };
}

/** The fields a new room copies from its template or from the room it duplicates. */
export function copiedFields(source: RoomRow) {
  return {
    category: source.category,
    imageUrl: source.imageUrl,
    sceneName: source.sceneName,
    addressableUrlAndroid: source.addressableUrlAndroid,
    addressableUrlWindows: source.addressableUrlWindows,
    addressableUrlMac: source.addressableUrlMac,
    maxUsers: source.maxUsers,
    capabilities: source.capabilities,
    persistent: source.persistent,
  };
}
