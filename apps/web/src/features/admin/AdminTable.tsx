import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';

/** A column heading; `end` right-aligns it (numbers, the actions), `hidden` keeps it for readers. */
export type AdminColumn = { label: string; end?: boolean; hidden?: boolean };

/**
 * A table of the admin screens (the lists, and the members, licenses and teams on the edit
 * pages): its headings under `columns` and a row each (`row` makes the table row). With `empty`,
 * that stands in its place while there are no rows. `className` gives the table its phone
 * layout; without one, it scrolls sideways below `scrollMinWidth`.
 */
export function AdminTable<R>({
  label,
  columns,
  rows,
  rowKey,
  row,
  empty,
  verticalSpacing = 'sm',
  highlightOnHover = false,
  className,
  scrollMinWidth,
}: {
  label: string;
  columns: readonly AdminColumn[];
  rows: readonly R[];
  rowKey: (r: R) => string;
  row: (r: R) => ReactNode;
  empty?: ReactNode;
  verticalSpacing?: 'xs' | 'sm';
  highlightOnHover?: boolean;
  className?: string;
  scrollMinWidth?: number;
}) {
  if (empty !== undefined && rows.length === 0) return empty;
  const table = (
    <Table
      verticalSpacing={verticalSpacing}
      highlightOnHover={highlightOnHover}
      aria-label={label}
      className={className}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.label} ta={c.end ? 'right' : undefined}>
              {c.hidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Fragment key={rowKey(r)}>{row(r)}</Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scrollMinWidth ? (
    <Table.ScrollContainer minWidth={scrollMinWidth}>{table}</Table.ScrollContainer>
  ) : (
    table
  );
}

/** What a table on an edit page says while it has no rows, and the hint of what to do. */
export function NoRows({ text, hint }: { text: string; hint: string }) {
  return (
    <div>
      <Text size="sm">{text}</Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}

/**
 * The last cell of a row on an edit page: Edit (opens the row's dialog; `preload` fetches the
 * dialog's code as the pointer or focus reaches it) and Remove, each named for its row.
 */
export function EditRemoveCell({
  editLabel,
  onEdit,
  preload,
  removeLabel,
  removeIcon,
  onRemove,
  className,
}: {
  editLabel: string;
  onEdit: () => void;
  preload?: { onPointerEnter: () => void; onFocus: () => void };
  removeLabel: string;
  removeIcon: ReactNode;
  onRemove: () => void;
  className?: string;
}) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap" justify="flex-end" className={className}>
        <Tooltip label={editLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={editLabel}
            aria-haspopup="dialog"
            onClick={onEdit}
            {...preload}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={removeLabel}>
          <ActionIcon variant="subtle" color="red" aria-label={removeLabel} onClick={onRemove}>
            {removeIcon}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Table.Td>
  );
}
