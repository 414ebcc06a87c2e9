import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { shellTexts } from '@roomscale/shared';
import { IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useBlocker, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';
import { showConfirm } from './dialogs.tsx';
import classes from './EditScreen.module.css';
import { LoadFailed } from './LoadFailed.tsx';

/** The strings of an edit screen's frame (each screen's own, from packages/shared). */
export type EditTexts = {
  back: string;
  /** What is loading ('Loading user…'), the name of the placeholders. */
  loading: string;
  notFound: string;
  notFoundHint: string;
  loadFailed: string;
  retry: string;
};

/** The head of an edit screen for its record: the title, badges beside it, what it says under it. */
export type EditHead = { title: string; badges?: ReactNode; under?: ReactNode };

/** The placeholders of an edit screen: the form card's rows, its aside, what else shows below. */
export type EditSkeletonShape = { fields: number; aside: ReactNode; below?: ReactNode };

/**
 * The frame of an edit screen for one record: its skeleton while loading; when the record is
 * gone (404, or an id that is not one: 400) a not-found card back to the list; when it could not
 * be loaded, the reason and Try again; otherwise the head of the screen (the link back to the
 * list, the record's title and badges: `head`) over the screen itself (`children`).
 */
export function EditScreen<T>({
  query,
  texts,
  backTo,
  notFoundIcon,
  skeleton,
  head,
  children,
}: {
  query: UseQueryResult<T>;
  texts: EditTexts;
  /** The list the back link and the not-found card return to. */
  backTo: string;
  notFoundIcon: ReactNode;
  skeleton: EditSkeletonShape;
  head: (record: T) => EditHead;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <EditSkeleton label={texts.loading} {...skeleton} />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Stack gap="lg">
        <BackLink to={backTo} label={texts.back} />
        {notFound ? (
          <Card padding="xl">
            <EmptyState icon={notFoundIcon} title={texts.notFound} description={texts.notFoundHint}>
              <EmptyState.Actions>
                <Button component={Link} to={backTo} variant="default">
                  {texts.back}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Card>
        ) : (
          <LoadFailed
            title={texts.loadFailed}
            error={query.error}
            retryLabel={texts.retry}
            onRetry={() => query.refetch()}
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <EditHeader backTo={backTo} backLabel={texts.back} {...head(query.data)} />
      {children(query.data)}
    </Stack>
  );
}

/** The link above an edit screen's title, back to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/**
 * The head of an edit screen: the link back to its list, the record's name as the page's title
 * with its badges beside it, and what the screen says under it.
 */
function EditHeader({
  backTo,
  backLabel,
  title,
  badges,
  under,
}: EditHead & { backTo: string; backLabel: string }) {
  return (
    <div>
      <BackLink to={backTo} label={backLabel} />
      <Group gap="sm" mt="xs" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {badges}
      </Group>
      {under}
    </div>
  );
}

/** The strings of the unsaved-changes question. */
export type UnsavedTexts = {
  unsavedTitle: string;
  unsavedText: string;
  leave: string;
  stay: string;
};

/**
 * Leaving an edit screen with unsaved changes asks first (Leave or Stay) when the app navigates
 * to another path, and the browser asks its own question when the tab closes or reloads.
 * `unsaved` is read when the user leaves, so it may read refs (a save or a deletion under way).
 */
export function useUnsavedChangesGuard(unsaved: () => boolean, texts: UnsavedTexts) {
  // Only a navigation away from this screen's own path is asked about. Right after Leave the
  // router already stands on the next screen while this one has not yet unmounted; a Back pressed
  // then must not be taken for leaving this screen again (it would be blocked and undone).
  const here = useLocation().pathname;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved() && currentLocation.pathname === here && nextLocation.pathname !== here,
  );
  useWindowEvent('beforeunload', (event) => {
    if (unsaved()) event.preventDefault();
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void showConfirm({
      title: texts.unsavedTitle,
      content: texts.unsavedText,
      confirmLabel: texts.leave,
      cancelLabel: texts.stay,
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, texts]);
}

/** The bar under an edit form with its Save (and Reset, Delete), kept in view while scrolling. */
export function SaveBar(props: SaveButtonsProps) {
  return (
    <Card padding="md" radius="lg" className={classes.saveBar}>
      <SaveButtons {...props} />
    </Card>
  );
}

/**
 * The columns of an edit screen: the form (`children`) and, beside it on wide screens (under it
 * on narrow ones), the record's facts (`aside`).
 */
export function EditColumns({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>{aside}</Grid.Col>
    </Grid>
  );
}

/**
 * Placeholders of an edit screen while its record loads: the back link, the title, a form card
 * of `fields` rows beside `aside`, and what else the screen shows below.
 */
function EditSkeleton({ label, fields, aside, below }: EditSkeletonShape & { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-label={label}>
      <VisuallyHidden>{shellTexts.loading}</VisuallyHidden>
      <Skeleton height={14} width={140} />
      <Skeleton height={30} width={280} />
      <EditColumns aside={<Card padding="lg">{aside}</Card>}>
        <Card padding="lg">
          <Stack gap="md">
            {Array.from({ length: fields }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} height={56} />
            ))}
          </Stack>
        </Card>
      </EditColumns>
      {below}
    </Stack>
  );
}

/** One read-only fact of a record beside its edit form: a small label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" mt={2} component="div">
        {children}
      </Text>
    </div>
  );
}

/** Delete on an edit screen: its label, what it does, busy while it runs. */
export type RemoveButton = {
  label: string;
  onClick: () => void;
  pending: boolean;
  disabled?: boolean;
};

type SaveButtonsProps = {
  texts: { reset: string; save: string };
  dirty: boolean;
  valid: boolean;
  saving: boolean;
  onReset: () => void;
  /** The form the buttons submit, when they stand outside it. */
  form?: string;
  /** Delete, at the other end. */
  remove?: RemoveButton;
};

/**
 * Reset and Save of an edit form: Reset while there are changes, Save while the form is valid
 * (busy while saving); with `remove`, Delete at the start of the row.
 */
export function SaveButtons({
  texts,
  dirty,
  valid,
  saving,
  onReset,
  form,
  remove,
}: SaveButtonsProps) {
  const buttons = (
    <Group gap="sm" justify="flex-end">
      <Button variant="default" onClick={onReset} disabled={!dirty || saving}>
        {texts.reset}
      </Button>
      <Button
        type="submit"
        form={form}
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        disabled={!valid}
        loading={saving}
      >
        {texts.save}
      </Button>
    </Group>
  );
  if (!remove) return buttons;
  return (
    <Group justify="space-between" gap="sm">
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={remove.onClick}
        loading={remove.pending}
        disabled={remove.disabled}
      >
        {remove.label}
      </Button>
      {buttons}
    </Group>
  );
}

/**
 * Delete on an edit screen: `run` asks and deletes (true once deleted), then the screen goes
 * back to its list in place of itself. `leaving` is true from the click until a refusal, so the
 * unsaved-changes guard does not ask about that navigation.
 */
export function useDeleteAndLeave(run: () => Promise<boolean>, listPath: string) {
  const navigate = useNavigate();
  const leaving = useRef(false);
  return {
    leaving: () => leaving.current,
    remove: async () => {
      leaving.current = true;
      if (await run()) navigate(listPath, { replace: true });
      else leaving.current = false;
    },
  };
}
