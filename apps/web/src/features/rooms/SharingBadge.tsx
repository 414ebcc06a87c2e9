import { Badge, type MantineColor } from '@mantine/core';
import { type RoomSharingType, sharingTypeLabels } from '@roomscale/shared';

const colors: Record<RoomSharingType, MantineColor> = {
  OwnerOrganization: 'indigo',
  OwnerUser: 'grape',
  Public: 'teal',
  OrganizationAllowlist: 'cyan',
  None: 'gray',
};

/** The sharing label of a room or template (part2 §2); the admin screens pass their own words. */
export function SharingBadge({
  type,
  labels = sharingTypeLabels,
}: {
  type: RoomSharingType;
  labels?: Partial<Record<RoomSharingType, string>>;
}) {
  return (
    <Badge variant="light" color={colors[type]} radius="sm" tt="none" fw={600}>
      {labels[type] ?? sharingTypeLabels[type]}
    </Badge>
  );
}
