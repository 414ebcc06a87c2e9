import { Skeleton, Stack, Text } from '@mantine/core';
import { META_LOGIN_LABEL, type Me, PASSWORD_LOGIN_LABEL, profileTexts } from '@roomscale/shared';
import { IconBrandMeta, IconKey, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Section } from '../../components/Section.tsx';
import { useClientConfig } from '../../session/clientConfig.ts';
import { useMyTeams } from '../../session/teams.ts';
import { AccountRow } from './AccountRow.tsx';
import { useLinkedLogins } from './api.ts';
import classes from './LinkedAccounts.module.css';
import { hasMetaLogin, ssoRows } from './linkRows.ts';
import { META_ROW, useLinkActions } from './useLinkActions.ts';
import { useLinkReturn } from './useLinkReturn.ts';

const t = profileTexts.linked;

/**
 * Linked accounts (part2 §2): the password login, the Meta account, and the single sign-on of
 * each team that has one.
 */
export function LinkedAccounts({ me }: { me: Me }) {
  const linking = useLinkReturn();
  const logins = useLinkedLogins();
  const teams = useMyTeams();
  const config = useClientConfig();
  const actions = useLinkActions();
  const busy = linking ?? actions.busy;

  const failed = logins.isError ? logins : teams.isError ? teams : null;
  if (failed) {
    return (
      <Frame>
        <LoadFailed
          title={t.loginsFailed}
          error={failed.error}
          retryLabel={t.retry}
          onRetry={() => void failed.refetch()}
        />
      </Frame>
    );
  }
  if (!logins.data || !teams.data || config.isPending) {
    return (
      <Frame>
        <Stack gap="sm" aria-busy>
          <Skeleton height={44} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      </Frame>
    );
  }

  const sso = ssoRows(teams.data, logins.data);
  const metaLinked = hasMetaLogin(logins.data);
  // Without the server's Meta settings there is nothing to link with: say so, and offer only
  // unlinking an account linked before (it needs no call to Meta).
  const metaReady = config.data?.metaLinking === true;

  return (
    <Frame>
      <ul className={classes.list}>
        <AccountRow
          icon={<IconLock size={18} />}
          label={PASSWORD_LOGIN_LABEL}
          description={me.hasRoomscaleLogin ? t.passwordOn : t.passwordOff}
          linked={me.hasRoomscaleLogin}
        />
        <AccountRow
          icon={<IconBrandMeta size={18} />}
          label={META_LOGIN_LABEL}
          description={metaReady || metaLinked ? t.metaAbout : t.metaNotSetUp}
          linked={metaLinked}
          action={
            metaReady || metaLinked
              ? {
                  kind: metaLinked ? 'unlink' : 'link',
                  onClick: () => void (metaLinked ? actions.unlinkMeta() : actions.linkMeta()),
                  busy: busy === META_ROW,
                  disabled: busy !== null && busy !== META_ROW,
                }
              : undefined
          }
        />
        {sso.map((row) => (
          <AccountRow
            key={row.loginProviderId}
            icon={<IconKey size={18} />}
            label={row.name}
            description={row.description}
            linked={row.linked}
            action={{
              kind: row.linked ? 'unlink' : 'link',
              onClick: () => void (row.linked ? actions.unlinkSso(row) : actions.linkSso(row)),
              busy: busy === row.loginProviderId,
              disabled: busy !== null && busy !== row.loginProviderId,
            }}
          />
        ))}
      </ul>
      {sso.length === 0 && (
        <Text size="sm" c="dimmed">
          {t.noSso}
        </Text>
      )}
    </Frame>
  );
}

/** The card every state of the linked accounts shows in. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Section id="profile-linked-title" title={t.heading} intro={t.intro}>
      {children}
    </Section>
  );
}
