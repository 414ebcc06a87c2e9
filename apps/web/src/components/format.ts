import { dateFormats } from '@roomscale/shared';
import dayjs from 'dayjs';

/** A created or edited time as the spec writes it everywhere (d-M-y H:mm:ss), local time. */
export const formatDateTime = (iso: string) => dayjs(iso).format(dateFormats.createdEdited);

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'];

/**
 * A size in binary units (1 KB = 1024 B) with at most one decimal, a whole number without one:
 * 512 → '512 B', 1536 → '1.5 KB', 2147483648 → '2 GB'. The spec names no unit style; the file
 * details and the too-large message share this one.
 */
export function formatBytes(bytes: number): string {
  const rounded = (n: number) => Math.round(n * 10) / 10;
  let value = bytes;
  let unit = 0;
  // Rounded first, so 1048575 bytes are '1 MB', not '1024 KB'.
  while (rounded(value) >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${rounded(value)} ${byteUnits[unit]}`;
}
