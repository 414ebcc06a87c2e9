import { Alert, Stack } from '@mantine/core';
import { type SamlConfig, ssoTexts } from '@roomscale/shared';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { certificateState, formatValidTo } from './certificate.ts';
import classes from './SamlConfig.module.css';

const t = ssoTexts.tab;

type Props = {
  config: Pick<SamlConfig, 'configured' | 'certificateValidTo'> &
    Partial<Pick<SamlConfig, 'nextCertificateValidTo'>>;
};

/**
 * Whether single sign-on is set up and until when its certificate holds, with a warning when the
 * certificate runs out soon; once it has run out, only that (every sign-in then fails).
 */
export function SsoStatus({ config }: Props) {
  if (!config.configured) {
    return (
      <Alert
        variant="light"
        color="gray"
        role="status"
        icon={<IconInfoCircle size={18} aria-hidden />}
      >
        {t.notConfigured}
      </Alert>
    );
  }
  // Either certificate signs people in: single sign-on holds until the later one runs out.
  const current = config.certificateValidTo;
  const next = config.nextCertificateValidTo ?? null;
  const validTo = next && current && next > current ? next : current;
  const state = certificateState(validTo);
  const date = validTo ? formatValidTo(validTo) : null;
  if (date && state === 'expired') {
    // Set up, but every sign-in fails: the one thing to say.
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        className={classes.status}
      >
        {t.certificateExpired(date)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Alert
        variant="light"
        color="teal"
        role="status"
        icon={<IconCircleCheck size={18} aria-hidden />}
        title={t.configured}
        className={classes.status}
      >
        {current && next ? (
          <>
            <div>{t.certificateValidTo(formatValidTo(current))}</div>
            <div>{t.nextCertificateValidTo(formatValidTo(next))}</div>
          </>
        ) : (
          date && t.certificateValidTo(date)
        )}
      </Alert>
      {date && state === 'expiresSoon' && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          className={classes.status}
        >
          {t.certificateExpiresSoon(date)}
        </Alert>
      )}
    </Stack>
  );
}
