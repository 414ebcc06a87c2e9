import { fieldMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { id, isoDate } from './common.ts';

/** Limits of manual licenses (part1 §5, §9). */
export const licenseLimits = {
  /** A new license starts now and ends this many days later, for this many users. */
  defaultDays: 7,
  defaultUsers: 1,
  minUsers: 1,
  maxUsers: 100_000,
  descriptionMax: 200,
} as const;

/** Server `detail`s and field messages of licenses and license accounting. */
export const licenseMessages = {
  startBeforeEnd: 'The start must be before the end.',
  minUsers: `Must be at least ${licenseLimits.minUsers}`,
  maxUsers: `Must be at most ${licenseLimits.maxUsers}`,
} as const;

/** A manual license a super admin awarded a team (part1 §3): active while start ≤ now < end. */
export const manualLicense = z.object({
  licenseId: id,
  id,
  organizationId: id,
  description: z.string(),
  userAmount: z.number().int(),
  start: isoDate,
  end: isoDate,
  created: isoDate,
  createdBy: id.nullable(),
  createdByName: z.string().nullable(),
  lastModified: isoDate.nullable(),
  lastModifiedBy: id.nullable(),
  lastModifiedByName: z.string().nullable(),
  isActive: z.boolean(),
});
export type ManualLicense = z.infer<typeof manualLicense>;

const licenseFields = {
  /** The license's name on the screens. */
  description: z
    .string(fieldMessages.required)
    .trim()
    .min(1, fieldMessages.required)
    .max(licenseLimits.descriptionMax, fieldMessages.maxLength(licenseLimits.descriptionMax)),
  start: isoDate,
  end: isoDate,
  userAmount: z
    .number(fieldMessages.required)
    .int()
    .min(licenseLimits.minUsers, licenseMessages.minUsers)
    .max(licenseLimits.maxUsers, licenseMessages.maxUsers),
  /** Mail the team's admins that their licenses are available (only when the license is current). */
  sendEmailNow: z.boolean().default(false),
};

const startBeforeEnd = (v: { start: string; end: string }) =>
  new Date(v.start).getTime() < new Date(v.end).getTime();

/** PUT /api/Admin/ManualLicenses */
export const manualLicenseCreate = z
  .object({ organizationId: id, ...licenseFields })
  .refine(startBeforeEnd, { path: ['end'], message: licenseMessages.startBeforeEnd });
export type ManualLicenseCreate = z.input<typeof manualLicenseCreate>;

/** PATCH /api/Admin/ManualLicenses/{licenseId}; the command's `licenseId` may be sent too. */
export const manualLicenseEdit = z
  .object({ licenseId: id.optional(), ...licenseFields })
  .refine(startBeforeEnd, { path: ['end'], message: licenseMessages.startBeforeEnd });
export type ManualLicenseEdit = z.input<typeof manualLicenseEdit>;

/** DELETE /api/Admin/ManualLicenses/{licenseId}?sendEmailNow= (required; the team screen sends false). */
export const manualLicenseDeleteQuery = z.object({
  sendEmailNow: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** Whether a license is active at `now` (part1 §4: now between start and end). */
export const licenseIsActive = (l: { start: string | Date; end: string | Date }, now: Date) =>
  new Date(l.start).getTime() <= now.getTime() && now.getTime() < new Date(l.end).getTime();

/**
 * A team's licensing summary (part1 §3, part2 §3): the licenses it holds — manual ones active
 * now, the paid subscription's quantity and its members' headset-store subscriptions — and how
 * many members hold a License.
 */
export const licensingSummary = z.object({
  licenseCount: z.number().int(),
  licensesInUse: z.number().int(),
  manualLicenseCount: z.number().int(),
  metaLicenseCount: z.number().int(),
  stripeLicenseCount: z.number().int(),
  selfManaged: z.boolean(),
  paymentCustomerId: z.string().nullable(),
});
export type LicensingSummary = z.infer<typeof licensingSummary>;
