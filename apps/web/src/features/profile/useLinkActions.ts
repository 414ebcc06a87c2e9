import { notifications } from '@mantine/notifications';
import { profileTexts } from '@roomscale/shared';
import { linkedAccountsApi } from '@roomscale/shared/contract';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { serverMessage } from '../../api/errors.ts';
import { showConfirm, showError } from '../../components/dialogs.tsx';
import { useMetaUnlink, useUpdateLink } from './api.ts';
import { sendBrowserTo } from './leavePage.ts';
import type { SsoRow } from './linkRows.ts';

const t = profileTexts.linked;
export const META_ROW = 'meta';

/** What a failed Meta call shows: the spec's sentence, then the server's reason. */
const metaFailure = (sentence: string, e: unknown) => `${sentence} ${serverMessage(e)}`;

/**
 * Link and unlink (part2 §4 'Linking'): a team's single sign-on asks first, with the warning to
 * fully trust the identity provider; linking then leaves for its sign-in, which returns to
 * /profile with the proof (see useLinkReturn). `busy` names the row whose action runs.
 */
export function useLinkActions() {
  const update = useUpdateLink();
  const metaUnlink = useMetaUnlink();
  const [busy, setBusy] = useState<string | null>(null);

  /** Leaving for another site: the row stays busy until the page is gone. */
  const leaveFor = async (row: string, start: () => Promise<{ url: string }>) => {
    setBusy(row);
    try {
      sendBrowserTo((await start()).url);
    } catch (e) {
      setBusy(null);
      throw e;
    }
  };

  const runFor = async (row: string, action: () => Promise<void>) => {
    setBusy(row);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  async function linkSso(row: SsoRow) {
    const sure = await showConfirm({
      title: t.confirmLinkTitle,
      content: t.confirmLink(row.name),
      confirmLabel: t.link,
    });
    if (!sure) return;
    await leaveFor(row.loginProviderId, () =>
      call(linkedAccountsApi.samlLinkStart, { params: { loginProviderId: row.loginProviderId } }),
    ).catch((e) => showError(serverMessage(e)));
  }

  async function unlinkSso(row: SsoRow) {
    const sure = await showConfirm({
      title: t.confirmUnlinkTitle,
      content: t.confirmUnlink(row.name),
      confirmLabel: t.unlink,
      danger: true,
    });
    if (!sure) return;
    await runFor(row.loginProviderId, async () => {
      try {
        await update.mutateAsync({ add: false, loginProviderId: row.loginProviderId });
      } catch (e) {
        // A 409 says why (the last way to log in): its detail is shown as it is.
        void showError(serverMessage(e));
        return;
      }
      notifications.show({ color: 'teal', message: t.ssoUnlinked });
    });
  }

  async function linkMeta() {
    await leaveFor(META_ROW, () => call(linkedAccountsApi.metaUrl)).catch((e) =>
      showError(metaFailure(t.metaLinkFailed, e)),
    );
  }

  async function unlinkMeta() {
    const sure = await showConfirm({
      title: t.confirmMetaUnlinkTitle,
      content: t.confirmMetaUnlink,
      confirmLabel: t.unlink,
      danger: true,
    });
    if (!sure) return;
    await runFor(META_ROW, async () => {
      try {
        await metaUnlink.mutateAsync();
      } catch (e) {
        void showError(metaFailure(t.metaUnlinkFailed, e));
        return;
      }
      notifications.show({ color: 'teal', message: t.metaUnlinked });
    });
  }

  return { busy, linkSso, unlinkSso, linkMeta, unlinkMeta };
}
