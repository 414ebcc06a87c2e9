import {
  type AuditAction,
  auditFieldLabels,
  auditTemplateFieldLabels,
  auditTexts,
  dateFormats,
  type SsoRefusalReason,
  ssoRefusalTexts,
  type TemplateSharingType,
  templateSharingLabels,
} from '@roomscale/shared';
import dayjs from 'dayjs';

const t = auditTexts;

/** Values longer than this are cut in the table; the full value is in the tooltip. */
export const valueMaxChars = 80;

const isTemplate = (action?: AuditAction) => action?.startsWith('template.') ?? false;

/** 'validUntil' → 'Valid until', for fields the labels do not name yet. */
export function fieldLabel(key: string, action?: AuditAction): string {
  const known = (isTemplate(action) && auditTemplateFieldLabels[key]) || auditFieldLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isPlain = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/**
 * A recorded value as a person reads it: dates in d-M-y H:mm:ss, Yes/No, lists of words (teams,
 * capabilities) joined, a template's sharing type as the admin screens name it, why a single
 * sign-on was refused in words, JSON for the rest.
 */
export function formatValue(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === '') return t.none;
  if (Array.isArray(value) && value.every(isPlain)) {
    return value.length === 0 ? t.none : value.map((v) => formatValue(v)).join(', ');
  }
  if (key === 'sharingType' && typeof value === 'string' && value in templateSharingLabels) {
    return templateSharingLabels[value as TemplateSharingType];
  }
  if (key === 'refusalReason' && typeof value === 'string' && value in ssoRefusalTexts) {
    return ssoRefusalTexts[value as SsoRefusalReason];
  }
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'number') return value.toLocaleString('en');
  if (typeof value === 'string') {
    return isoDateTime.test(value) ? dayjs(value).format(dateFormats.createdEdited) : value;
  }
  return JSON.stringify(value);
}

/** Cuts a long value so one entry never stretches the table; `full` is set when cut. */
export function shorten(text: string): { text: string; full?: string } {
  if (text.length <= valueMaxChars) return { text };
  return { text: `${text.slice(0, valueMaxChars - 1)}${t.truncated}`, full: text };
}

/**
 * Fields read first in their entry whatever order the database keeps (jsonb orders keys by
 * length): why a single sign-on was refused comes before the account it named.
 */
const leadingFields = new Set(['refusalReason']);

export type FieldChange = {
  key: string;
  label: string;
  /** Created: only `after`; removed: only `before`; changed: both. */
  kind: 'created' | 'removed' | 'changed';
  before: string;
  after: string;
};

/** The fields of one entry, before and after, in the order the server recorded them. */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  action?: AuditAction,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => Number(leadingFields.has(b)) - Number(leadingFields.has(a)),
  );
  const kind: FieldChange['kind'] = !before ? 'created' : !after ? 'removed' : 'changed';
  return keys.map((key) => ({
    key,
    label: fieldLabel(key, action),
    kind,
    before: formatValue(before?.[key], key),
    after: formatValue(after?.[key], key),
  }));
}
