import {
  RoomSharingTypeNumbers,
  RoomSharingTypes,
  RoomTemplateFilters,
  TeamRoomSharingTypes,
} from '../enums.ts';
import { roomLimits } from '../limits.ts';
import { fieldMessages, roomMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { id, isoDate, pagedResult } from './common.ts';

export const roomSharingType = z.enum(RoomSharingTypes);

const byNumber = Object.fromEntries(
  Object.entries(RoomSharingTypeNumbers).map(([name, n]) => [n, name]),
) as Record<number, keyof typeof RoomSharingTypeNumbers>;

/** A sharing type by name, or by the spec's number where it has one (2, 3, 99). */
export const roomSharingTypeInput = z
  .union([z.enum(RoomSharingTypes), z.number().int()], { error: roomMessages.unknownSharingType })
  .transform((v, ctx) => {
    if (typeof v === 'string') return v;
    const name = byNumber[v];
    if (name) return name;
    ctx.addIssue({ code: 'custom', message: roomMessages.unknownSharingType });
    return z.NEVER;
  });

/** Text that may be left empty: '' and null become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, fieldMessages.maxLength(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** A required name: trimmed, at least `min` characters. */
export const requiredName = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, fieldMessages.required)
    .min(min, fieldMessages.minLength(min))
    .max(max, fieldMessages.maxLength(max));

export const roomName = requiredName(1, roomLimits.nameMax);
export const roomDescription = optionalText(roomLimits.descriptionMax);

/** Duplicates are named 'Copy of {name}', cut to 60 characters (part2 §5). */
export const copyRoomName = (name: string) =>
  Array.from(`${roomMessages.copyPrefix}${name}`).slice(0, roomLimits.nameMax).join('');

/** What a room and a room template both carry as read back: the scene, its builds and limits. */
export const roomContentShape = {
  imageUrl: z.string().nullable(),
  sceneName: z.string(),
  addressableUrlAndroid: z.string().nullable(),
  addressableUrlWindows: z.string().nullable(),
  addressableUrlMac: z.string().nullable(),
  maxUsers: z.number().int(),
  persistent: z.boolean(),
  capabilities: z.array(z.string()),
  roomSharingType,
};

/** A room as the team screens and the VR app see it (part2 §3). */
export const room = z.object({
  id,
  roomId: id,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  ...roomContentShape,
  template: z.boolean(),
  /** The template this room was made from, if it still exists. */
  templateId: id.nullable(),
  userOwnerId: id.nullable(),
  organizationOwnerId: id.nullable(),
  staticRoomDataAmount: z.number().int(),
  dynamicRoomDataAmount: z.number().int(),
  /** The caller may edit, duplicate, convert and delete it (a team admin of the owning team). */
  canManage: z.boolean(),
  created: isoDate,
  createdBy: id.nullable(),
  lastModified: isoDate.nullable(),
  lastModifiedBy: id.nullable(),
});
export type Room = z.infer<typeof room>;

/**
 * POST /api/Organizations/{organizationId}/Rooms: one page of the rooms (and templates) the
 * caller may see in the team. An empty `shareTypeFilter` filters nothing.
 */
export const roomListQuery = z.object({
  templateFilter: z.enum(RoomTemplateFilters).default('Rooms'),
  shareTypeFilter: z
    .array(roomSharingTypeInput)
    .max(RoomSharingTypes.length * 2)
    .default([]),
  page: z.number().int().min(1).default(1),
});
export type RoomListQuery = z.input<typeof roomListQuery>;
export const roomPage = pagedResult(room);
export type RoomPage = z.infer<typeof roomPage>;

const teamSharingType = roomSharingTypeInput.refine(
  (v): v is (typeof TeamRoomSharingTypes)[number] =>
    (TeamRoomSharingTypes as readonly string[]).includes(v),
  roomMessages.teamSharingOnly,
);

/**
 * PUT /api/Organizations/{organizationId}/Rooms: a room from a template, or a copy of a room
 * (duplicate). Without a name the template's name, or 'Copy of {name}', is used.
 */
export const roomAdd = z.object({
  templateOrClonedRoomId: id,
  name: roomName.optional(),
  description: roomDescription.optional(),
  sharingType: teamSharingType.default('OwnerOrganization'),
});
export type RoomAdd = z.input<typeof roomAdd>;

/** PATCH …/Rooms/{roomId}: only the fields sent change; `template` converts room ↔ template. */
export const roomEdit = z.object({
  name: roomName.optional(),
  description: roomDescription.optional(),
  sharingType: teamSharingType.optional(),
  persistent: z.boolean().optional(),
  template: z.boolean().optional(),
});
export type RoomEdit = z.input<typeof roomEdit>;

/** One object the VR app keeps in a room (part2 §3 Room data). */
export const roomDataEntry = z.object({
  roomDataId: id,
  roomId: id,
  meetingId: id.nullable(),
  kind: z.string(),
  static: z.boolean(),
  roomData: z.string(),
  created: isoDate,
  lastModified: isoDate.nullable(),
});
export type RoomDataEntry = z.infer<typeof roomDataEntry>;

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));

/** GET /api/Rooms/{roomId}/data: filters combine; `meetingFilter` may repeat. */
export const roomDataQuery = z.object({
  KindFilter: oneOrMany(z.string().max(roomLimits.dataKindMax)).optional(),
  StaticFilter: z.stringbool().optional(),
  meetingFilter: oneOrMany(id).optional(),
});

/** Static and dynamic entries, each grouped by kind. */
export const roomDataList = z.object({
  roomId: id,
  staticRoomData: z.record(z.string(), z.array(roomDataEntry)),
  dynamicRoomData: z.record(z.string(), z.array(roomDataEntry)),
});
export type RoomDataList = z.infer<typeof roomDataList>;

/** PUT /api/Rooms/{roomId}/data/{roomDataId}: create or replace the entry with that id. */
export const roomDataPut = z.object({
  kind: z
    .string()
    .trim()
    .min(1, fieldMessages.required)
    .max(roomLimits.dataKindMax, fieldMessages.maxLength(roomLimits.dataKindMax)),
  static: z.boolean().default(false),
  roomData: z
    .string()
    .max(roomLimits.dataMaxChars, fieldMessages.maxLength(roomLimits.dataMaxChars)),
  meetingId: id.nullish(),
});
export type RoomDataPut = z.input<typeof roomDataPut>;
