import { TemplateSharingTypes } from '../enums.ts';
import { roomLimits } from '../limits.ts';
import { fieldMessages, roomMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { id, isoDate, pagedResult } from './common.ts';
import {
  optionalText,
  requiredName,
  roomContentShape,
  roomSharingType,
  roomSharingTypeInput,
} from './rooms.ts';

const templateName = requiredName(roomLimits.templateNameMin, roomLimits.nameMax);

/** http(s) only: no javascript: or data: addresses end up in an <img> or the VR app. */
const httpUrl = z.url({ protocol: /^https?$/ });
const isHttpUrl = (v: string) => httpUrl.safeParse(v).success;

const webUrl = (message: string) =>
  optionalText(roomLimits.urlMax).refine((v) => v === null || isHttpUrl(v), message);

/** An image: an http(s) URL or an absolute path on our own server ('/room-templates/…'). */
const imageUrl = optionalText(roomLimits.urlMax).refine(
  (v) =>
    v === null || (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || isHttpUrl(v),
  roomMessages.imageUrl,
);

/** PUT /api/Admin/RoomTemplates: a new template from a name; it starts hidden (sharing None). */
export const roomTemplateCreate = z.object({ name: templateName });
export type RoomTemplateCreate = z.input<typeof roomTemplateCreate>;

/**
 * PATCH /api/Admin/RoomTemplates/{roomTemplateId}: the whole edit form (part1 §2, §5). Allowed
 * teams count only for OrganizationAllowlist; for the other sharing types they are cleared.
 */
export const roomTemplateEdit = z.object({
  name: templateName,
  category: optionalText(roomLimits.categoryMax),
  description: optionalText(roomLimits.descriptionMax),
  imageUrl,
  sceneName: requiredName(1, roomLimits.sceneNameMax),
  addressableUrlAndroid: webUrl(roomMessages.url),
  addressableUrlWindows: webUrl(roomMessages.url),
  addressableUrlMac: webUrl(roomMessages.url),
  maxUsers: z
    .number(fieldMessages.required)
    .int()
    .min(roomLimits.maxUsersMin, `Must be at least ${roomLimits.maxUsersMin}`)
    .max(roomLimits.maxUsersMax, `Must be at most ${roomLimits.maxUsersMax}`),
  persistent: z.boolean().default(false),
  capabilities: z
    .array(requiredName(1, roomLimits.capabilityNameMax))
    .max(roomLimits.capabilitiesMax)
    .default([]),
  roomSharingType: roomSharingTypeInput.refine(
    (v): v is (typeof TemplateSharingTypes)[number] =>
      (TemplateSharingTypes as readonly string[]).includes(v),
    roomMessages.unknownSharingType,
  ),
  allowedOrganizations: z.array(id).max(roomLimits.allowedOrganizationsMax).default([]),
});
export type RoomTemplateEdit = z.input<typeof roomTemplateEdit>;

export const allowedOrganization = z.object({ id, name: z.string() });

/** A room template as the admin screens see it (part1 §3). */
export const roomTemplate = z.object({
  id,
  roomId: id,
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  ...roomContentShape,
  allowedOrganizations: z.array(allowedOrganization),
  template: z.literal(true),
  roomCount: z.number().int(),
  created: isoDate,
  createdBy: id.nullable(),
  createdByName: z.string().nullable(),
  lastModified: isoDate.nullable(),
  lastModifiedBy: id.nullable(),
  lastModifiedByName: z.string().nullable(),
});
export type RoomTemplate = z.infer<typeof roomTemplate>;

/** One card of the admin template list (part1 §3 Room summary). */
export const roomTemplateSummary = z.object({
  id,
  roomId: id,
  name: z.string(),
  description: z.string().nullable(),
  roomSharingType: roomSharingType,
  roomCount: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type RoomTemplateSummary = z.infer<typeof roomTemplateSummary>;
export const roomTemplatePage = pagedResult(roomTemplateSummary);
export type RoomTemplatePage = z.infer<typeof roomTemplatePage>;

/**
 * Fields marked with an asterisk on the edit form: saving the template copies them to every
 * room made from it. Name, description, persistence and sharing stay each room's own.
 */
export const propagatedTemplateFields = [
  'category',
  'imageUrl',
  'sceneName',
  'addressableUrlAndroid',
  'addressableUrlWindows',
  'addressableUrlMac',
  'maxUsers',
  'capabilities',
] as const;
