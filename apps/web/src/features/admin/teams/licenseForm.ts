import {
  licenseIsActive,
  licenseLimits,
  type ManualLicense,
  manualLicenseCreate,
  manualLicenseEdit,
} from '@roomscale/shared';
import dayjs from 'dayjs';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The license editor's values. Start and end are the pickers' local date-times
 * ('YYYY-MM-DD HH:mm:ss'); users is empty while the box is.
 */
export type LicenseFormValues = {
  description: string;
  start: string | null;
  end: string | null;
  userAmount: number | null;
  sendEmailNow: boolean;
};

const pickerFormat = 'YYYY-MM-DD HH:mm:ss';
const toPicker = (d: Date | string) => dayjs(d).format(pickerFormat);
const toIso = (v: string | null) => (v && dayjs(v).isValid() ? dayjs(v).toISOString() : undefined);

/**
 * A new license starts now and ends `licenseLimits.defaultDays` later for one user (part1 §9);
 * it is current from the start, so the email goes out unless unticked.
 */
export function newLicenseValues(now: Date): LicenseFormValues {
  return {
    description: '',
    start: toPicker(now),
    end: toPicker(dayjs(now).add(licenseLimits.defaultDays, 'day').toDate()),
    userAmount: licenseLimits.defaultUsers,
    sendEmailNow: true,
  };
}

/** An existing license as the editor shows it; its email is a choice made again, off at first. */
export function licenseValues(license: ManualLicense): LicenseFormValues {
  return {
    description: license.description,
    start: toPicker(license.start),
    end: toPicker(license.end),
    userAmount: license.userAmount,
    sendEmailNow: false,
  };
}

/** Whether the license as typed runs at `now` (part1 §5: only then may 'Send email' show). */
export function isCurrent(values: Pick<LicenseFormValues, 'start' | 'end'>, now: Date) {
  const start = toIso(values.start);
  const end = toIso(values.end);
  return Boolean(start && end && licenseIsActive({ start, end }, now));
}

/** The values as the calls take them (before their rules); the email only while current. */
function draft(values: LicenseFormValues, now: Date) {
  return {
    description: values.description,
    start: toIso(values.start),
    end: toIso(values.end),
    userAmount: values.userAmount ?? undefined,
    sendEmailNow: isCurrent(values, now) && values.sendEmailNow,
  };
}

/** PUT body of a new license; `values` have passed the resolver. */
export const createBody = (organizationId: string, values: LicenseFormValues, now: Date) =>
  manualLicenseCreate.parse({ organizationId, ...draft(values, now) });

/** PATCH body of an edited license; `values` have passed the resolver. */
export const editBody = (licenseId: string, values: LicenseFormValues, now: Date) =>
  manualLicenseEdit.parse({ licenseId, ...draft(values, now) });

/**
 * The form's rules are the calls' own schemas (manualLicenseCreate / manualLicenseEdit: name
 * required, start and end required, start before end, users at least 1): the values become the
 * body the call would send, and each issue shows under the field it names.
 */
export function licenseResolver(): Resolver<LicenseFormValues> {
  return async (values) => {
    // The edit schema holds the same rules as the create one, without the team's id.
    const parsed = manualLicenseEdit.safeParse(draft(values, new Date()));
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<LicenseFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof LicenseFormValues;
      if (!(field in values) || errors[field]) continue;
      errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
