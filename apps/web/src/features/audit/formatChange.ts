import { auditFieldLabels, auditTexts, dateFormats } from '@roomscale/shared';
import dayjs from 'dayjs';

const t = auditTexts;

/** Values longer than this are cut in the table; the full value is in the tooltip. */
export const valueMaxChars = 80;

/** 'validUntil' → 'Valid until', for fields the labels do not name yet. */
export function fieldLabel(key: string): string {
  const known = auditFieldLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A recorded value as a person reads it: dates in d-M-y H:mm:ss, Yes/No, JSON for the rest. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.none;
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
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const kind: FieldChange['kind'] = !before ? 'created' : !after ? 'removed' : 'changed';
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    kind,
    before: formatValue(before?.[key]),
    after: formatValue(after?.[key]),
  }));
}
