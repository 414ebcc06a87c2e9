import {
  type ChangePasswordCommand,
  fieldMessages,
  limits,
  type Me,
  type MeEdit,
  newPasswordForm,
  personName,
  position,
  profileTexts,
} from '@roomscale/shared';
import { z } from 'zod';

const required = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string().trim().min(1, fieldMessages.required).pipe(rule);

/**
 * The user information form (part2 §5 'Profile and rooms'): first and last name required, min 2;
 * position optional, else 2 to 50. The shared rules, as PATCH /api/Users/Me checks them.
 */
export const infoForm = z.object({
  firstName: required(personName),
  lastName: required(personName),
  position: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), position])),
});
export type InfoFormInput = z.input<typeof infoForm>;
export type InfoFormValues = z.output<typeof infoForm>;

export const infoDefaults = (me: Pick<Me, 'firstName' | 'lastName' | 'position'>) => ({
  firstName: me.firstName,
  lastName: me.lastName,
  position: me.position ?? '',
});

/** A blank position is stored as none. */
export const infoBody = (v: InfoFormValues): MeEdit => ({
  firstName: v.firstName,
  lastName: v.lastName,
  position: v.position || null,
});

/**
 * Change password (part2 §5): current password required, min 3; the new one under the
 * strong-password rule, with the same message and checklist as activation and reset; the
 * confirmation equal to it.
 */
export const passwordForm = z
  .object({
    currentPassword: z
      .string()
      .min(1, fieldMessages.required)
      .min(limits.currentPasswordMin, fieldMessages.minLength(limits.currentPasswordMin))
      .max(limits.passwordMax, fieldMessages.maxLength(limits.passwordMax)),
    newPassword: newPasswordForm.shape.password,
    confirmPassword: newPasswordForm.shape.confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: profileTexts.password.mismatch,
    when: () => true,
  });
export type PasswordFormValues = z.input<typeof passwordForm>;

export const passwordDefaults: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export const passwordBody = (v: PasswordFormValues): ChangePasswordCommand => ({
  currentPassword: v.currentPassword,
  newPassword: v.newPassword,
});
