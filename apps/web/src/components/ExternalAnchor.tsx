import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A link that leaves the dashboard: new tab, no opener, no referrer. */
export function ExternalAnchor({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & AnchorProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </Anchor>
  );
}
