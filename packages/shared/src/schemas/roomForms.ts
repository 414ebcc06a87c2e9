import { TeamRoomSharingTypes, TemplateSharingTypes } from '../enums.ts';
import { roomLimits } from '../limits.ts';
import { roomsTexts } from '../roomsTexts.ts';
import { z } from '../zodErrors.ts';
import { requiredName, roomDescription, roomName } from './rooms.ts';
import { roomTemplateEdit } from './roomTemplates.ts';

/**
 * Schemas of the room and room template forms of the web app, whose fields differ from the
 * calls they make (roomAdd, roomEdit, roomTemplateEdit still validate what is sent).
 */

/** Add room (part2 §5): a template must be chosen; name required. */
export const addRoomForm = z.object({
  templateId: z.string().min(1, roomsTexts.add.pickFirst),
  name: roomName,
  description: roomDescription,
  sharingType: z.enum(TeamRoomSharingTypes),
});
export type AddRoomForm = z.input<typeof addRoomForm>;

/** Edit room (part2 §2, §5): name required; sharing, persistence. */
export const editRoomForm = z.object({
  name: roomName,
  description: roomDescription,
  sharingType: z.enum(TeamRoomSharingTypes),
  persistent: z.boolean(),
});
export type EditRoomForm = z.input<typeof editRoomForm>;

/**
 * Room template edit (part1 §2, §5). Capabilities are rows of the form (one object each, as
 * form libraries keep lists); the call sends their names.
 */
export const roomTemplateForm = roomTemplateEdit.extend({
  capabilities: z
    .array(z.object({ name: requiredName(1, roomLimits.capabilityNameMax) }))
    .max(roomLimits.capabilitiesMax),
  roomSharingType: z.enum(TemplateSharingTypes),
});
export type RoomTemplateForm = z.input<typeof roomTemplateForm>;
export type RoomTemplateFormOutput = z.output<typeof roomTemplateForm>;
