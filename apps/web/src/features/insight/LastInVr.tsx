import { Switch, Text, Tooltip } from '@mantine/core';
import { insightAgo, insightTexts } from '@roomscale/shared';
import { IconDeviceVisionPro } from '@tabler/icons-react';
import { formatDateTime } from '../../components/format.ts';

const t = insightTexts.lastInVr;

/**
 * A team member's 'Last in VR' (issue 29 §2): the relative time, the exact time on hover and
 * focus (and as the title). Nothing when the server did not say (a member looking at others).
 */
export function LastInVr({ at, now = new Date() }: { at: string | null | undefined; now?: Date }) {
  if (at === undefined) return null;
  if (at === null)
    return (
      <Text size="sm" c="dimmed">
        {t.never}
      </Text>
    );
  const exact = t.exact(formatDateTime(at));
  return (
    <Tooltip label={exact} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" c="dimmed" title={exact} tabIndex={0} span>
        <IconDeviceVisionPro size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
        {`${t.label}: ${insightAgo(new Date(at), now)}`}
      </Text>
    </Tooltip>
  );
}

/** The team users' filter 'Licensed, not in VR for 30 days' (team admins). */
export function NotInVrFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Switch
      label={t.filter}
      description={t.filterHint}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
