import type { Db } from '../../db/client.ts';
import { rooms, settings } from '../../db/schema.ts';

/** Marks that the default templates were made once; deleting one later does not bring it back. */
export const DEFAULT_TEMPLATES_SETTING = 'seed.defaultRoomTemplates';

/**
 * Public templates every new installation starts with, so teams can add rooms at once. Images
 * are served by our own server from apps/web/public/room-templates/.
 */
export const defaultRoomTemplates = [
  {
    name: 'Meeting room',
    category: 'Meetings',
    description: 'A table for focused team meetings, with a whiteboard and a shared screen.',
    sceneName: 'MeetingRoom',
    maxUsers: 12,
    capabilities: ['Whiteboard', 'Screen sharing', 'File viewer', 'Notes'],
    image: 'meeting-room.svg',
  },
  {
    name: 'Auditorium',
    category: 'Presentations',
    description: 'A stage and rows of seats for presentations, town halls and lectures.',
    sceneName: 'Auditorium',
    maxUsers: 50,
    capabilities: ['Presentation', 'Screen sharing', 'File viewer', 'Notes'],
    image: 'auditorium.svg',
  },
  {
    name: 'Workshop',
    category: 'Collaboration',
    description: 'An open studio to review 3D models and sketch ideas together.',
    sceneName: 'Workshop',
    maxUsers: 16,
    capabilities: ['3D models', 'Whiteboard', 'File viewer', 'Notes'],
    image: 'workshop.svg',
  },
  {
    name: 'Gallery',
    category: 'Showcase',
    description: 'Walls for images, videos and 360-degree media to walk through.',
    sceneName: 'Gallery',
    maxUsers: 30,
    capabilities: ['Image wall', 'Video', '360 media', '3D models'],
    image: 'gallery.svg',
  },
  {
    name: 'Lounge',
    category: 'Social',
    description: 'A relaxed corner for one-on-ones, stand-ups and informal chats.',
    sceneName: 'Lounge',
    maxUsers: 8,
    capabilities: ['Notes', 'Video', 'Whiteboard'],
    image: 'lounge.svg',
  },
] as const;

/**
 * Makes the default templates on the first start, once. Idempotent and safe when several
 * instances start together: the marker row is claimed in the same transaction.
 */
export async function ensureDefaultRoomTemplates(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: DEFAULT_TEMPLATES_SETTING, value: now.toISOString(), updated: now })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return false;
    await tx.insert(rooms).values(
      defaultRoomTemplates.map((t) => ({
        isTemplate: true,
        name: t.name,
        category: t.category,
        description: t.description,
        sceneName: t.sceneName,
        maxUsers: t.maxUsers,
        capabilities: [...t.capabilities],
        imageUrl: `/room-templates/${t.image}`,
        sharingType: 'Public' as const,
        created: now,
      })),
    );
    return true;
  });
}
