import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  adminTexts,
  limits,
  type RoomTemplateSummary,
  shellTexts,
  templateSharingLabels,
} from '@roomscale/shared';
import {
  IconHome2,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../../api/errors.ts';
import { showConfirm, showError } from '../../../components/dialogs.tsx';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { RoomImage } from '../../../components/RoomImage.tsx';
import { SharingBadge } from '../../rooms/SharingBadge.tsx';
import { templatePath } from '../paths.ts';
import { useSearchPage } from '../useSearchPage.ts';
import { useDeleteRoomTemplate, useRoomTemplates } from './api.ts';
import { NewTemplateModal } from './NewTemplateModal.tsx';
import classes from './RoomTemplates.module.css';

const t = adminTexts.templates;

/**
 * Admin room template list (part1 §2): search (debounced 1 s, back to page 1), 'New room
 * template', paged cards of 25 with image, name, description, room count and sharing type.
 */
export function RoomTemplatesPage() {
  const { input, setInput, search, page, setPage, clear } = useSearchPage(
    limits.adminSearchDebounceMs,
  );
  const templates = useRoomTemplates(search, page);
  const remove = useDeleteRoomTemplate();
  const [creating, setCreating] = useState(false);
  const data = templates.data;

  // A page past the end (after a delete, or an old link) shows the last page instead.
  useEffect(() => {
    if (data && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount);
  }, [data, page, setPage]);

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
    <Stack gap="lg">
      <ListPageHeader title={t.title} intro={t.intro} admin>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
          aria-haspopup="dialog"
        >
          {t.newTemplate}
        </Button>
      </ListPageHeader>

      <Group justify="space-between" gap="md" align="center">
        <TextInput
          className={classes.search}
          aria-label={t.search}
          placeholder={t.searchPlaceholder}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            templates.isFetching && input.trim() === search ? (
              <Loader size={14} />
            ) : input ? (
              <CloseButton size="sm" aria-label={t.clearSearch} onClick={clear} />
            ) : null
          }
          type="search"
        />
        {data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t.count(data.entryCount)}
          </Text>
        )}
      </Group>

      {templates.isPending ? (
        <CardSkeletons />
      ) : templates.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={templates.error}
          retryLabel={t.retry}
          onRetry={() => templates.refetch()}
        />
      ) : data && data.results.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            icon={<IconTemplate size={28} aria-hidden />}
            title={search ? t.noMatch : t.empty}
            description={search ? t.noMatchHint(search) : t.emptyHint}
          />
        </Card>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          style={{ opacity: templates.isPlaceholderData ? 0.6 : 1 }}
        >
          {data?.results.map((template) => (
            <TemplateCard key={template.id} template={template} onDelete={del} />
          ))}
        </SimpleGrid>
      )}

      {data && <Pager page={page} total={data.pageCount} onChange={setPage} label={t.pagination} />}

      {creating && <NewTemplateModal onClose={() => setCreating(false)} />}
    </Stack>
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
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t.edit(template.name)}>
            <ActionIcon
              component={Link}
              to={templatePath(template.id)}
              variant="subtle"
              color="gray"
              aria-label={t.edit(template.name)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.delete(template.name)}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(template)}
              aria-label={t.delete(template.name)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
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
