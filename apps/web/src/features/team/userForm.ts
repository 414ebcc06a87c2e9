import {
  email,
  fieldMessages,
  limits,
  personName,
  type TeamUser,
  type TeamUserAdd,
  type TeamUserEdit,
} from '@roomscale/shared';
import { z } from 'zod';

/** The user row's edit form (part2 §4, §5): the shared rules, with switches for role and license. */
export const userFormSchema = z.object({
  firstName: personName,
  lastName: personName,
  email,
  position: z
    .string()
    .trim()
    .max(limits.positionMax, fieldMessages.maxLength(limits.positionMax))
    .refine(
      (s) => s === '' || s.length >= limits.positionMin,
      fieldMessages.minLength(limits.positionMin),
    ),
  admin: z.boolean(),
  license: z.boolean(),
  password: z.boolean(),
  sso: z.boolean(),
});
export type UserFormInput = z.input<typeof userFormSchema>;
export type UserFormValues = z.output<typeof userFormSchema>;

/** New users start as User with a Trial license, password login on and SSO off (part2 §4). */
export const newUserValues: UserFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  position: '',
  admin: false,
  license: false,
  password: true,
  sso: false,
};

export const valuesOf = (u: TeamUser): UserFormInput => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  position: u.position ?? '',
  admin: u.role === 'Admin',
  license: u.licenseType === 'License',
  password: u.hasRoomscaleLogin,
  sso: u.hasSsoLogin,
});

/** PUT body: a blank position is left out. */
export function addBody(v: UserFormValues): TeamUserAdd {
  return {
    email: v.email,
    firstName: v.firstName,
    lastName: v.lastName,
    position: v.position || null,
    role: v.admin ? 'Admin' : 'User',
    licenseType: v.license ? 'License' : 'Trial',
    assignRoomscalePassword: v.password,
    assignSso: v.sso,
  };
}

/** PATCH body: only what changed, so an unchanged role never meets the own-role rule. */
export function editBody(user: TeamUser, v: UserFormValues): TeamUserEdit {
  const body: TeamUserEdit = {};
  if (v.firstName !== user.firstName) body.firstName = v.firstName;
  if (v.lastName !== user.lastName) body.lastName = v.lastName;
  if ((v.position || null) !== user.position) body.position = v.position || null;
  const role = v.admin ? 'Admin' : 'User';
  if (role !== user.role) body.role = role;
  const licenseType = v.license ? 'License' : 'Trial';
  if (licenseType !== user.licenseType) body.licenseType = licenseType;
  return body;
}

/** Server field names that the form shows under its own fields. */
export const formFields = ['firstName', 'lastName', 'email', 'position'] as const;
export const serverFieldToForm: Record<string, keyof UserFormInput> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  position: 'position',
  role: 'admin',
  licenseType: 'license',
  assignRoomscalePassword: 'password',
  assignSso: 'sso',
};
