import type { RoomTemplate, RoomTemplateSummary } from '@roomscale/shared';
import type { rooms } from '../../db/schema.ts';

type RoomRow = typeof rooms.$inferSelect;

export function presentTemplateSummary(t: RoomRow, roomCount: number): RoomTemplateSummary {
  return {
    id: t.id,
    roomId: t.id,
    name: t.name,
    description: t.description,
    roomSharingType: t.sharingType,
    roomCount,
    imageUrl: t.imageUrl,
  };
}

export function presentTemplate(
  t: RoomRow,
  extra: {
    roomCount: number;
    allowedOrganizations: { id: string; name: string }[];
    createdByName: string | null;
    lastModifiedByName: string | null;
  },
): RoomTemplate {
  return {
    id: t.id,
    roomId: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    imageUrl: t.imageUrl,
    sceneName: t.sceneName,
    addressableUrlAndroid: t.addressableUrlAndroid,
    addressableUrlWindows: t.addressableUrlWindows,
    addressableUrlMac: t.addressableUrlMac,
    maxUsers: t.maxUsers,
    persistent: t.persistent,
    capabilities: t.capabilities,
    roomSharingType: t.sharingType,
    allowedOrganizations: extra.allowedOrganizations,
    template: true,
    roomCount: extra.roomCount,
    created: t.created.toISOString(),
    createdBy: t.createdBy,
    createdByName: extra.createdByName,
    lastModified: t.lastModified?.toISOString() ?? null,
    lastModifiedBy: t.lastModifiedBy,
    lastModifiedByName: extra.lastModifiedByName,
  };
}
