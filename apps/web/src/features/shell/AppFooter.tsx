import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type ClientConfig, shellTexts } from '@roomscale/shared';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { ExternalAnchor } from '../../components/ExternalAnchor.tsx';
import { useClientConfig } from '../../session/clientConfig.ts';
import classes from './AppFooter.module.css';

const t = shellTexts.footer;

/**
 * The footer (part1 §2): contacts, quick links, support and legal links, from the client config.
 * Links the operator has not configured are left out rather than pointing nowhere.
 */
export function AppFooter({ className }: { className?: string }) {
  const config = useClientConfig();
  const c = config.data;

  return (
    <footer className={className ? `${classes.footer} ${className}` : classes.footer}>
      <div className={classes.inner}>
        <div className={classes.grid}>
          <Stack gap="xs">
            <Group gap="xs">
              <BrandMark size={24} />
              <Text fw={700}>{shellTexts.productName}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t.tagline}
            </Text>
          </Stack>
          {(!c || hasContact(c)) && (
            <Column title={t.contact}>
              {c ? (
                <>
                  {c.contact.phone && (
                    <Contact icon={<IconPhone size={16} aria-hidden />} label={t.phone}>
                      <Anchor href={`tel:${c.contact.phone.replace(/[^+\d]/g, '')}`} size="sm">
                        {c.contact.phone}
                      </Anchor>
                    </Contact>
                  )}
                  {c.contact.supportEmail && (
                    <Contact icon={<IconMail size={16} aria-hidden />} label={t.support}>
                      <Anchor href={`mailto:${c.contact.supportEmail}`} size="sm">
                        {c.contact.supportEmail}
                      </Anchor>
                    </Contact>
                  )}
                  {c.contact.salesEmail && (
                    <Contact icon={<IconMail size={16} aria-hidden />} label={t.sales}>
                      <Anchor href={`mailto:${c.contact.salesEmail}`} size="sm">
                        {c.contact.salesEmail}
                      </Anchor>
                    </Contact>
                  )}
                </>
              ) : (
                <Placeholder loading={config.isPending} />
              )}
            </Column>
          )}
          <Column title={t.quickLinks}>
            <Anchor component={Link} to="/dashboard" size="sm">
              {t.dashboard}
            </Anchor>
            {c ? (
              <>
                {c.websiteUrl && (
                  <ExternalAnchor href={c.websiteUrl} size="sm">
                    {t.website}
                  </ExternalAnchor>
                )}
                {c.blogUrl && (
                  <ExternalAnchor href={c.blogUrl} size="sm">
                    {t.blog}
                  </ExternalAnchor>
                )}
              </>
            ) : (
              <Placeholder loading={config.isPending} />
            )}
          </Column>
          <Column title={t.help}>
            {c ? (
              <>
                <ExternalAnchor href={c.supportUrl} size="sm">
                  {t.knowledgeBase}
                </ExternalAnchor>
                <ExternalAnchor href={c.termsUrl} size="sm">
                  {t.terms}
                </ExternalAnchor>
                <ExternalAnchor href={c.privacyUrl} size="sm">
                  {t.privacy}
                </ExternalAnchor>
              </>
            ) : (
              <Placeholder loading={config.isPending} />
            )}
          </Column>
        </div>
        <Text size="xs" c="dimmed" mt="xl">
          {t.copyright(new Date().getFullYear())}
        </Text>
      </div>
    </footer>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.heading}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Contact({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap={8} wrap="nowrap" className={classes.contact}>
      <span className={classes.contactIcon}>{icon}</span>
      <Text size="sm" c="dimmed" w={56}>
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The operator configured at least one contact (CONTACT_PHONE, SUPPORT_EMAIL, SALES_EMAIL). */
const hasContact = (c: ClientConfig) =>
  Boolean(c.contact.phone || c.contact.supportEmail || c.contact.salesEmail);

/** While the config loads, a skeleton; if it failed, the links are simply left out. */
function Placeholder({ loading }: { loading: boolean }) {
  return loading ? <Skeleton height={12} width="70%" radius="sm" /> : null;
}
