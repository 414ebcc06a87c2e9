import { limits } from './limits.ts';
import { isoDate } from './schemas/common.ts';
import { z } from './zodErrors.ts';

/**
 * Profile images of users and teams (part2 §5 'Profile image upload', §7, §9). An image is
 * addressed by a slug: `user-{userId}` or `organization-{organizationId}`. Knowing a slug is not
 * enough to see the picture (docs/security.md): it is served to a signed-in user allowed to see
 * it (with the bearer token), or at a signed address that expires.
 */
export const profileImageExtensions = ['jpg', 'jpeg', 'gif', 'png'] as const;
export const profileImageTypes = ['image/jpeg', 'image/gif', 'image/png'] as const;
export type ProfileImageType = (typeof profileImageTypes)[number];
export const profileImageAccept = profileImageTypes.join(',');

/** The spec's alerts (part2 §5), also the server's problem details for the same faults. */
export const profileImageMessages = {
  typeNotSupported: 'File type not supported. Upload a valid image.',
  tooBig: "Image too big. Make sure it's smaller than 10MB",
  uploadFailed: (error: string) => `Error occured: ${error}`,
} as const;

export type ProfileImageOwner = 'user' | 'organization';
export const profileImageSlug = (owner: ProfileImageOwner, id: string) => `${owner}-${id}`;

/**
 * The image's address; `updateDate` changes with each upload, so browsers fetch the new one.
 * It answers a request carrying the bearer token of a user allowed to see the picture.
 */
export const profileImageUrl = (owner: ProfileImageOwner, id: string, updated: string) =>
  `/api/ProfileImage/${profileImageSlug(owner, id)}?updateDate=${encodeURIComponent(updated)}`;

/**
 * Signed addresses of pictures (the `url` of an upload's answer): valid from one to two windows
 * after they are made. Within a window the same address is made again, so browsers keep a
 * picture cached while it stays the same.
 */
export const profileImageAddress = { windowSeconds: 3600 } as const;

/** Why a picked file cannot be a profile image, or null when it can (name and size only). */
export function profileImageProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(profileImageExtensions as readonly string[]).includes(ext)) {
    return profileImageMessages.typeNotSupported;
  }
  if (file.size >= limits.profileImageMaxBytes) return profileImageMessages.tooBig;
  return null;
}

/** Answer of an upload: the new image's slug, time and a signed address that expires. */
export const profileImageResult = z.object({
  slug: z.string(),
  imageUpdated: isoDate,
  url: z
    .string()
    .describe(
      'Signed address of the new picture (`expires`, `signature`): works without a token until it expires',
    ),
});
export type ProfileImageResult = z.infer<typeof profileImageResult>;
