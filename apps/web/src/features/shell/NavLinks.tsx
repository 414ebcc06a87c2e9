import { Group, Stack, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useClientConfig } from '../../session/clientConfig.ts';
import classes from './NavLinks.module.css';
import { isActivePath, navItems } from './navItems.ts';

/** The navigation links: a horizontal bar in the header, or a vertical list in the drawer. */
export function NavLinks({ variant }: { variant: 'bar' | 'drawer' }) {
  const { pathname } = useLocation();
  const config = useClientConfig();
  const Wrapper = variant === 'bar' ? Group : Stack;

  return (
    <Wrapper gap={variant === 'bar' ? 4 : 2} wrap="nowrap" className={classes[variant]}>
      {navItems.map((item) => {
        const Icon = item.icon;
        const content = (
          <>
            <Icon size={18} stroke={1.7} aria-hidden />
            <span>{item.label}</span>
          </>
        );
        if (item.external) {
          const href = config.data?.supportUrl;
          if (!href) return null;
          return (
            <UnstyledButton
              key={item.label}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.link}
            >
              {content}
              <IconExternalLink size={14} stroke={1.7} aria-hidden className={classes.external} />
            </UnstyledButton>
          );
        }
        const active = isActivePath(pathname, item.to!);
        return (
          <UnstyledButton
            key={item.label}
            component={Link}
            to={item.to!}
            className={classes.link}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {content}
          </UnstyledButton>
        );
      })}
    </Wrapper>
  );
}
