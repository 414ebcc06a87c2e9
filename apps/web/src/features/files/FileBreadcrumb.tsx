import { Anchor, Breadcrumbs, Text, Tooltip } from '@mantine/core';
import { type Breadcrumb, filesTexts } from '@roomscale/shared';
import { Link } from 'react-router';
import type { LibraryScope } from './api.ts';
import { useDropTarget } from './dnd.ts';
import { useFilesContext } from './FilesContext.tsx';
import classes from './FilesLayout.module.css';
import { libraryPath } from './paths.ts';

const t = filesTexts.breadcrumb;

/**
 * Where a folder is (part2 §2): the scope, '…' when higher folders exist, the ancestors,
 * then the current folder. Every link navigates and takes dropped items.
 */
export function FileBreadcrumb({
  scope,
  folderId,
  crumbs,
}: {
  scope: LibraryScope;
  folderId: string;
  crumbs: Breadcrumb | undefined;
}) {
  const nodes = [...(crumbs?.nodes ?? [])].sort((a, b) => b.order - a.order);
  const ancestors = nodes.filter((n) => n.fileId !== folderId);
  const current = nodes.find((n) => n.fileId === folderId);
  const scopeLabel = filesTexts.scopeLabels[scope];

  return (
    <nav aria-label={t.label}>
      <Breadcrumbs separatorMargin={6} className={classes.breadcrumb}>
        <CrumbLink scope={scope} folderId={null} label={scopeLabel} />
        {crumbs?.hasMore && (
          <Tooltip label={t.more}>
            <Text span c="dimmed" size="sm" aria-label={t.more}>
              …
            </Text>
          </Tooltip>
        )}
        {ancestors.map((n) => (
          <CrumbLink key={n.fileId} scope={scope} folderId={n.fileId} label={n.name} />
        ))}
        <Text span fw={600} size="sm" aria-current="page">
          {current?.name ?? '…'}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

function CrumbLink({
  scope,
  folderId,
  label,
}: {
  scope: LibraryScope;
  folderId: string | null;
  label: string;
}) {
  const { moveItem } = useFilesContext();
  const drop = useDropTarget({ folderId, scope }, moveItem);
  return (
    <Anchor
      component={Link}
      to={libraryPath(scope, folderId)}
      size="sm"
      className={classes.crumb}
      data-drop-active={drop.active || undefined}
      {...drop.props}
    >
      {label}
    </Anchor>
  );
}
