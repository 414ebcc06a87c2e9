import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { type AdminOrganization, adminTeamsTexts, type ManualLicense } from '@roomscale/shared';
import { IconLicense, IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { formatDateTime } from '../../../components/format.ts';
import { lazyPart, preloadOn } from '../../../components/lazyPart.ts';
import { OverlayLoader } from '../../../components/OverlayLoader.tsx';
import { Section } from '../../../components/Section.tsx';
import { AdminTable, EditRemoveCell } from '../AdminTable.tsx';
import { confirmAndRun } from '../confirmAndRun.ts';
import classes from './AdminTeams.module.css';
import { useDeleteLicense } from './api.ts';
import { failureText } from './failureText.ts';

const t = adminTeamsTexts.licenses;
const C = t.columns;
const columns = [
  { label: C.start },
  { label: C.end },
  { label: C.users, end: true },
  { label: C.name },
  { label: C.actions, end: true, hidden: true },
];

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

  const del = (license: ManualLicense) =>
    confirmAndRun({
      ask: {
        title: t.deleteTitle,
        content: t.deleteText(license.description, license.userAmount),
        confirmLabel: t.deleteConfirm,
      },
      run: () => remove.mutateAsync(license.id),
      failureText,
      done: { message: t.deleted },
    });

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
      <AdminTable
        label={t.tableLabel}
        columns={columns}
        rows={team.licenses}
        rowKey={(l) => l.id}
        scrollMinWidth={640}
        empty={
          <Group gap="xs" c="dimmed">
            <IconLicense size={18} aria-hidden />
            <Text>{t.empty}</Text>
          </Group>
        }
        row={(l) => (
          <Table.Tr
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
                  <Badge size="xs" color="teal.9" variant="filled" tt="none" title={t.activeLabel}>
                    {t.active}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <EditRemoveCell
              editLabel={t.edit(l.description)}
              onEdit={() => setEditing({ license: l })}
              preload={preloadEditor}
              removeLabel={t.delete(l.description)}
              removeIcon={<IconTrash size={18} aria-hidden />}
              onRemove={() => void del(l)}
            />
          </Table.Tr>
        )}
      />
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
