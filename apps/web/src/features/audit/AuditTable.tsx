import { Anchor, Badge, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type AuditEntry, auditLabels, auditTexts } from '@roomscale/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import classes from './AuditTable.module.css';
import { type FieldChange, fieldChanges, shorten } from './formatChange.ts';

const t = auditTexts;
const c = t.columns;

type Props = {
  entries: AuditEntry[];
  /**
   * Super admins: a team column, and teams and users open their admin pages. Team admins see one
   * team and cannot open the admin area, so neither.
   */
  admin: boolean;
};

/** The recorded changes, newest first as the server sends them: one row (one card on phones) each. */
export function AuditTable({ entries, admin }: Props) {
  return (
    <Table className={classes.table} verticalSpacing="sm" aria-label={t.tableLabel}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.when}>{c.when}</Table.Th>
          <Table.Th className={classes.who}>{c.who}</Table.Th>
          <Table.Th className={classes.what}>{c.what}</Table.Th>
          {admin && <Table.Th className={classes.team}>{c.team}</Table.Th>}
          <Table.Th className={classes.about}>{c.about}</Table.Th>
          <Table.Th>{c.change}</Table.Th>
          <Table.Th className={classes.address}>{c.address}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id}>
            <Cell label={c.when}>
              <Text component="time" dateTime={e.at} size="sm">
                {formatDateTime(e.at)}
              </Text>
            </Cell>
            <Cell label={c.who}>
              <Actor entry={e} />
            </Cell>
            <Cell label={c.what}>
              <Text size="sm" fw={600}>
                {auditLabels[e.action]}
              </Text>
            </Cell>
            {admin && (
              <Cell label={c.team}>
                <Team entry={e} />
              </Cell>
            )}
            <Cell label={c.about}>
              <About entry={e} link={admin} />
            </Cell>
            <Cell label={c.change}>
              <Changes entry={e} />
            </Cell>
            <Cell label={c.address}>
              <Text size="xs" ff="monospace">
                {e.ip ?? t.none}
              </Text>
            </Cell>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A cell that names its column, for the stacked phone layout (the headings are hidden there). */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Td className={classes.cell} data-label={label}>
      <div>{children}</div>
    </Table.Td>
  );
}

function Actor({ entry: e }: { entry: AuditEntry }) {
  if (e.actorId === null) {
    const scim = e.actorName === t.scim;
    return (
      <Tooltip
        label={scim ? t.scimHint : t.systemHint}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Badge variant="light" color="gray" radius="sm" tt="none" tabIndex={0}>
          {scim ? t.scim : t.system}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <>
      <Text size="sm" fw={500}>
        {e.actorName ?? t.unknownPerson}
      </Text>
      {e.actorEmail && (
        <Text size="xs" c="dimmed">
          {e.actorEmail}
        </Text>
      )}
    </>
  );
}

function Team({ entry: e }: { entry: AuditEntry }) {
  if (!e.organizationId) return <Text size="sm">{e.organizationName ?? t.none}</Text>;
  return (
    <Anchor component={Link} to={`/admin/organizations/${e.organizationId}`} size="sm">
      {e.organizationName ?? t.unknownTeam}
    </Anchor>
  );
}

/**
 * What the change is about, in words: the user; else a room template, a manual license or the
 * team, by name and kind.
 */
function About({ entry: e, link }: { entry: AuditEntry; link: boolean }) {
  if (!e.targetUserId) {
    if (e.action.startsWith('template.')) {
      return <Subject name={e.targetName ?? t.unknownTemplate} kind={t.about.template} />;
    }
    if (e.action.startsWith('license.') && e.targetName) {
      return <Subject name={e.targetName} kind={t.about.license} />;
    }
    if (e.organizationId || e.organizationName) {
      return <Subject name={e.organizationName ?? t.unknownTeam} kind={t.about.team} />;
    }
    return <Text size="sm">{t.none}</Text>;
  }
  const name = e.targetName ?? t.unknownPerson;
  return link ? (
    <Anchor component={Link} to={`/admin/users/${e.targetUserId}`} size="sm">
      {name}
    </Anchor>
  ) : (
    <Text size="sm">{name}</Text>
  );
}

function Subject({ name, kind }: { name: string; kind: string }) {
  return (
    <>
      <Text size="sm">{name}</Text>
      <Text size="xs" c="dimmed">
        {kind}
      </Text>
    </>
  );
}

function Changes({ entry: e }: { entry: AuditEntry }) {
  const changes = fieldChanges(e.before, e.after, e.action);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.noDetails}
      </Text>
    );
  }
  return (
    <ul className={classes.changes}>
      {changes.map((f) => (
        <li key={f.key}>
          <span className={classes.field}>{f.label}: </span>
          <ChangeValues change={f} />
        </li>
      ))}
    </ul>
  );
}

function ChangeValues({ change: f }: { change: FieldChange }) {
  if (f.kind === 'created') return <Value text={f.after} />;
  if (f.kind === 'removed') {
    return (
      <>
        <VisuallyHidden>{t.removed} </VisuallyHidden>
        <Value text={f.before} className={classes.removed} />
      </>
    );
  }
  return (
    <>
      <Value text={f.before} className={classes.before} />
      <span className={classes.arrow} aria-hidden>
        →
      </span>
      <VisuallyHidden> {t.changedTo} </VisuallyHidden>
      <Value text={f.after} className={classes.after} />
    </>
  );
}

/** One value, cut when long (JSON of a list, a long note) with the whole of it on hover/focus. */
function Value({ text, className }: { text: string; className?: string }) {
  const { text: shown, full } = shorten(text);
  const cls = `${classes.value} ${className ?? ''}`;
  if (!full) return <span className={cls}>{shown}</span>;
  return (
    <Tooltip
      label={full}
      multiline
      maw={420}
      style={{ overflowWrap: 'anywhere' }}
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A button, so keyboard and touch users can open the whole value too. */}
      <UnstyledButton component="button" type="button" className={cls}>
        {shown}
      </UnstyledButton>
    </Tooltip>
  );
}
