// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../components/format.ts';
import { resetBrowser } from '../../test/harness.tsx';
import { LastInVr } from './LastInVr.tsx';

afterEach(() => resetBrowser());

const now = new Date('2026-11-27T12:00:00Z');
const show = (at: string | null | undefined) =>
  render(
    <MantineProvider env="test">
      <LastInVr at={at} now={now} />
    </MantineProvider>,
  );

describe('LastInVr', () => {
  it('shows the time relative to now, the exact time on hover', () => {
    show('2026-11-24T09:30:00Z');
    const text = screen.getByText('Last in VR: 3 days ago');
    expect(text).toHaveAttribute('title', `Last in VR: ${formatDateTime('2026-11-24T09:30:00Z')}`);
  });

  it('says never for a member with no check-in, and nothing when the server did not say', () => {
    show(null);
    expect(screen.getByText('Never in VR')).toBeVisible();
    resetBrowser();
    show(undefined);
    expect(screen.queryByText(/VR/)).toBeNull();
  });

  it('counts minutes, hours and weeks', () => {
    show('2026-11-27T11:55:00Z');
    expect(screen.getByText('Last in VR: 5 minutes ago')).toBeVisible();
    resetBrowser();
    show('2026-11-06T12:00:00Z');
    expect(screen.getByText('Last in VR: 3 weeks ago')).toBeVisible();
  });
});
