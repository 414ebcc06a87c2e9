import { Anchor, Group, Text } from '@mantine/core';
import { screenMessages } from '@roomscale/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../session/session.ts';
import classes from './TrialNotice.module.css';

/**
 * The trial notice (part1 §2): a selected team that is not licensed, unless the user's own manual
 * license already removes the watermark (part1 §6).
 */
export function TrialNotice() {
  const { user, team } = useSession();
  if (!team || team.licenseType === 'License' || user?.hasManualUserSubscription) return null;
  return (
    <div className={classes.bar} role="note">
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconInfoCircle size={18} stroke={1.8} aria-hidden className={classes.icon} />
        <Text size="sm">
          <Anchor component={Link} to="/team/subscription" className={classes.link}>
            {screenMessages.trialNotice}
          </Anchor>
        </Text>
      </Group>
    </div>
  );
}
