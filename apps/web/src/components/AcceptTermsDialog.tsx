import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { shellTexts } from '@roomscale/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../api/errors.ts';
import { ExternalAnchor } from './ExternalAnchor.tsx';

type Props = {
  opened: boolean;
  termsUrl?: string;
  privacyUrl?: string;
  /** Saves the acceptance; a rejection is shown in the dialog. */
  onAccept: () => Promise<void>;
  onLogout: () => void;
  /** The person never accepted any version (an invited user): a welcome, not an update. */
  firstTime?: boolean;
};

const t = shellTexts.terms;

/**
 * Accept terms (part1 §2): blocks the dashboard until accepted. It cannot be dismissed; the only
 * other way out is logging out. Confirm is enabled only while the checkbox is ticked.
 */
export function AcceptTermsDialog({
  opened,
  termsUrl,
  privacyUrl,
  onAccept,
  onLogout,
  firstTime = false,
}: Props) {
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setSaving(true);
    setError(null);
    try {
      await onAccept();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const link = (href: string | undefined, label: string) =>
    href ? <ExternalAnchor href={href}>{label}</ExternalAnchor> : label;

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      title={t.title}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
    >
      <Stack gap="lg">
        <Text size="sm">{firstTime ? t.firstIntro : t.intro}</Text>
        <Checkbox
          checked={checked}
          onChange={(e) => setChecked(e.currentTarget.checked)}
          label={
            <>
              {t.acceptPrefix} {link(privacyUrl, t.privacyPolicy)} {t.acceptJoin}{' '}
              {link(termsUrl, t.terms)}
            </>
          }
        />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={onLogout} disabled={saving}>
            {t.logout}
          </Button>
          <Button onClick={accept} disabled={!checked} loading={saving}>
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
