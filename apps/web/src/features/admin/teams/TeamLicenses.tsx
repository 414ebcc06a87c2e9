import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdminOrganization, adminTeamsTexts, type ManualLicense } from '@roomscale/shared';
import { IconLicense, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { showConfirm, showError } from '../../../components/dialogs.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { lazyPart, preloadOn } from '../../../components/lazyPart.ts';
import { OverlayLoader } from '../../../components/OverlayLoader.tsx';
import { Section } from '../../../components/Section.tsx';
import classes from './AdminTeams.module.css';
import { useDeleteLicense } from './api.ts';
import { failureText } from './failureText.ts';

const t = adminTeamsTexts.licenses;
const C = t.columns;

type Editing = { license?: ManualLicense } | null;

/** The editor with its date-time pickers loads when it first opens (or its button is reached). */
const LicenseEditor = lazyPart(() => import('./LicenseEditor.tsx'), 'LicenseEditor');
const preloadEditor = preloadOn(LicenseEditor.preload);

/**
 * The team's manual licenses (part1 §2): add, and a table of start, end, users and name with
 * edit and delete; the one running now is highlighted.
 */
export function TeamLicenses({ team }: { team: AdminOrganization }) {
  const remove = useDeleteLicense(team.id);
  const [editing, setEditing] = useState<Editing>(null);

  const del = async (license: ManualLicense) => {
    const ok = await showConfirm({
      title: t.deleteTitle,
      content: t.deleteText(license.description, license.userAmount),
      confirmLabel: t.deleteConfirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(license.id);
    } catch (e) {
      await showError(failureText(e));
      return;
    }
    notifications.show({ color: 'teal', message: t.deleted });
  };

  return (
    <Section
      id="team-licenses-title"
      title={adminTeamsTexts.edit.sections.licenses}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({})}
          aria-haspopup="dialog"
          {...preloadEditor}
        >
          {t.add}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      {team.licenses.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconLicense size={18} aria-hidden />
          <Text>{t.empty}</Text>
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{C.start}</Table.Th>
                <Table.Th>{C.end}</Table.Th>
                <Table.Th ta="right">{C.users}</Table.Th>
                <Table.Th>{C.name}</Table.Th>
                <Table.Th ta="right">
                  <VisuallyHidden>{C.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.licenses.map((l) => (
                <Table.Tr
                  key={l.id}
                  className={l.isActive ? classes.activeRow : undefined}
                  aria-current={l.isActive ? 'true' : undefined}
                >
                  <Table.Td className={classes.nowrap}>{formatDateTime(l.start)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(l.end)}</Table.Td>
                  <Table.Td ta="right">{l.userAmount}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {l.description}
                      </Text>
                      {l.isActive && (
                        <Badge
                          size="xs"
                          color="teal.9"
                          variant="filled"
                          tt="none"
                          title={t.activeLabel}
                        >
                          {t.active}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t.edit(l.description)}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t.edit(l.description)}
                          aria-haspopup="dialog"
                          onClick={() => setEditing({ license: l })}
                          {...preloadEditor}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t.delete(l.description)}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t.delete(l.description)}
                          onClick={() => void del(l)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <Suspense fallback={<OverlayLoader />}>
          <LicenseEditor
            teamId={team.id}
            license={editing.license}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Section>
  );
}
