import { Alert, type MantineSpacing, type StyleProp } from '@mantine/core';
import { shellTexts } from '@roomscale/shared';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { Navigate, useInRouterContext, useLocation, useNavigate } from 'react-router';

/**
 * Router location state of a redirect away from an unknown path. The spec redirects any other
 * path to the root (part1 §2); the state carries the address along so the page the user lands on
 * can say why they are there instead of dropping them silently.
 */
export type NotFoundState = { notFound: string };

/** The unknown address a redirect carried, if any. */
export function notFoundPath(state: unknown): string | null {
  const notFound = (state as Partial<NotFoundState> | null | undefined)?.notFound;
  return typeof notFound === 'string' ? notFound : null;
}

/** The state to hand on when a screen redirects again (root → dashboard or login). */
export function carryNotFound(state: unknown): NotFoundState | undefined {
  const notFound = notFoundPath(state);
  return notFound === null ? undefined : { notFound };
}

/** The catch-all route: to the root, as the spec says, with the address the user asked for. */
export function NotFoundRedirect() {
  const { pathname, search, hash } = useLocation();
  const state: NotFoundState = { notFound: `${pathname}${search}${hash}` };
  return <Navigate to="/" replace state={state} />;
}

/** 'Page not found' where the redirect landed; dismissing it also clears it from history. */
export function NotFoundNotice(props: NoticeLayout) {
  // Layouts that render it are also rendered in screen tests without a router: nothing to say.
  if (!useInRouterContext()) return null;
  return <RoutedNotFoundNotice {...props} />;
}

/** Where the layout puts it: space below, and the width of the card it sits above. */
type NoticeLayout = { mb?: StyleProp<MantineSpacing>; maw?: number };

function RoutedNotFoundNotice({ mb, maw }: NoticeLayout) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = notFoundPath(location.state);
  if (path === null) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      // The light alert's tinted title falls short of 4.5:1 contrast: the body's text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconMapPinQuestion aria-hidden />}
      title={shellTexts.notFound.title}
      withCloseButton
      closeButtonLabel={shellTexts.notFound.dismiss}
      // Replacing the entry without the state: neither a reload nor Back brings the notice back.
      onClose={() =>
        navigate(`${location.pathname}${location.search}${location.hash}`, {
          replace: true,
          state: null,
        })
      }
      role="status"
      w="100%"
      mb={mb}
      maw={maw}
      // A long address has no spaces to wrap at; it must not push the page sideways on a phone.
      style={{ overflowWrap: 'anywhere' }}
    >
      {shellTexts.notFound.text(path)}
    </Alert>
  );
}
