import { type AdminUser, adminUserEdit, position } from '@roomscale/shared';
import { z } from 'zod';

/**
 * The admin user form (part1 §5): the edit body, with the position typed as text — empty means
 * none (null), otherwise 2 to 50 characters.
 */
export const adminUserForm = adminUserEdit.extend({
  position: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), position]))
    .transform((v) => (v === '' ? null : v)),
});
export type AdminUserForm = z.input<typeof adminUserForm>;
export type AdminUserFormOutput = z.output<typeof adminUserForm>;

export const toForm = (user: AdminUser): AdminUserForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  position: user.position ?? '',
  superAdmin: user.superAdmin,
  hasManualUserSubscription: user.hasManualUserSubscription,
});
