import { Badge, Card, Group, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  adminTexts,
  limits,
  type RoomTemplateSummary,
  shellTexts,
  templateSharingLabels,
} from '@roomscale/shared';
import { IconHome2, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../../api/errors.ts';
import { showConfirm, showError } from '../../../components/dialogs.tsx';
import { ListScreen, RowActions } from '../../../components/ListScreen.tsx';
import { RoomImage } from '../../../components/RoomImage.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { SharingBadge } from '../../rooms/SharingBadge.tsx';
import { templatePath } from '../paths.ts';
import { useDeleteRoomTemplate, useRoomTemplates } from './api.ts';
import { NewTemplateModal } from './NewTemplateModal.tsx';
import classes from './RoomTemplates.module.css';

const t = adminTexts.templates;

/**
 * Admin room template list (part1 §2): search (debounced 1 s, back to page 1), 'New room
 * template', paged cards of 25 with image, name, description, room count and sharing type.
 */
export function RoomTemplatesPage() {
  const params = useListParams({ debounceMs: limits.adminSearchDebounceMs });
  const templates = useRoomTemplates(params.search, params.page);
  const remove = useDeleteRoomTemplate();
  const [creating, setCreating] = useState(false);

  const del = async (template: RoomTemplateSummary) => {
    const ok = await showConfirm({
      title: t.deleteTitle,
      content: t.deleteText(template.name, template.roomCount),
      confirmLabel: t.deleteConfirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(template.id);
      notifications.show({
        color: 'teal',
        title: t.deleted,
        message: t.deletedText(template.name),
      });
    } catch (e) {
      await showError(serverMessage(e));
    }
  };

  return (
    <>
      <ListScreen
        texts={t}
        admin
        add={{ label: t.newTemplate, onClick: () => setCreating(true) }}
        params={params}
        query={templates}
        count={(data) => t.count(data.entryCount)}
        emptyIcon={<IconTemplate size={28} aria-hidden />}
        skeleton={<CardSkeletons />}
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {data.results.map((template) => (
              <TemplateCard key={template.id} template={template} onDelete={del} />
            ))}
          </SimpleGrid>
        )}
      </ListScreen>
      {creating && <NewTemplateModal onClose={() => setCreating(false)} />}
    </>
  );
}

function TemplateCard({
  template,
  onDelete,
}: {
  template: RoomTemplateSummary;
  onDelete: (t: RoomTemplateSummary) => void;
}) {
  return (
    <Card padding="md" className={classes.card}>
      <Card.Section>
        <Link to={templatePath(template.id)} tabIndex={-1} aria-hidden>
          <RoomImage src={template.imageUrl} />
        </Link>
      </Card.Section>
      <Text
        component={Link}
        to={templatePath(template.id)}
        fw={650}
        mt="md"
        lineClamp={1}
        className={classes.name}
      >
        {template.name}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2} mt={4} className={classes.description}>
        {template.description || '\u00a0'}
      </Text>
      <Group justify="space-between" mt="md" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <SharingBadge type={template.roomSharingType} labels={templateSharingLabels} />
          <Tooltip label={t.roomCountLabel}>
            <Badge
              variant="default"
              radius="sm"
              tt="none"
              fw={500}
              leftSection={<IconHome2 size={12} aria-hidden />}
            >
              {t.roomCount(template.roomCount)}
            </Badge>
          </Tooltip>
        </Group>
        <RowActions
          editTo={templatePath(template.id)}
          editLabel={t.edit(template.name)}
          deleteLabel={t.delete(template.name)}
          onDelete={() => onDelete(template)}
        />
      </Group>
    </Card>
  );
}

function CardSkeletons() {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="md"
      role="status"
      aria-label={shellTexts.loading}
    >
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} padding="md">
          <Card.Section>
            <Skeleton style={{ aspectRatio: '16 / 9' }} radius={0} />
          </Card.Section>
          <Skeleton height={16} width="60%" mt="md" />
          <Skeleton height={12} mt="sm" />
          <Skeleton height={20} width={120} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
