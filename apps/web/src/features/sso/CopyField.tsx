import { ActionIcon, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ssoTexts } from '@roomscale/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import classes from './SamlConfig.module.css';

const t = ssoTexts.tab;

type Props = {
  label: string;
  value: string;
  description?: string;
  /** A multi-line value (the metadata XML): a read-only text area rather than one line. */
  multiline?: boolean;
};

/**
 * One of our values for the identity provider's admin: read-only, selectable, with a copy
 * button. Long values stay inside their field (a line scrolls, the text area wraps), so the page
 * never scrolls sideways on a phone.
 */
export function CopyField({ label, value, description, multiline = false }: Props) {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const reset = useTimeout(() => setCopied(false), 2000);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      reset.start();
      notifications.show({ color: 'teal', message: t.copied, autoClose: 2500 });
    } catch {
      // No clipboard here (an insecure page, a refused permission): select it for the keyboard.
      field.current?.focus();
      field.current?.select();
      notifications.show({ color: 'gray', message: t.copyFailed, autoClose: 8000 });
    }
  };

  const button = (
    <Tooltip label={t.copy} withArrow>
      <ActionIcon
        variant={copied ? 'light' : 'subtle'}
        color={copied ? 'teal' : 'gray'}
        onClick={copy}
        aria-label={t.copyField(label)}
      >
        {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );

  const common = {
    ref: field,
    label,
    description,
    value,
    readOnly: true,
    rightSection: button,
    rightSectionPointerEvents: 'all' as const,
    // Focusing the value selects it, ready for a manual copy (a long tap on a phone too).
    onFocus: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      e.currentTarget.select(),
  };
  return multiline ? (
    <Textarea
      {...common}
      rows={8}
      spellCheck={false}
      classNames={{ input: classes.value, section: classes.topSection }}
    />
  ) : (
    <TextInput {...common} classNames={{ input: classes.value }} />
  );
}
