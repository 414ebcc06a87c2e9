// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderScreen, resetBrowser, signedInBrowser } from '../../test/harness.tsx';
import { platformUsageFixture } from './fixtures.ts';
import { PlatformUsageSection } from './PlatformUsageSection.tsx';

beforeEach(async () => {
  await signedInBrowser();
});
afterEach(() => {
  resetBrowser();
});

describe('PlatformUsageSection', () => {
  it("shows the platform's 12 weeks with tables, and the teams with the most and least license use", async () => {
    const fetch = mockApi(() => ({ body: platformUsageFixture() }));
    renderScreen('/', '/', <PlatformUsageSection />);
    expect(
      await screen.findByText('12 weeks from Mon 7 Sep to Sun 29 Nov 2026, times in UTC'),
    ).toBeVisible();
    const [url] = fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));
    expect(url?.pathname).toBe('/api/Admin/Usage');
    expect(url?.searchParams.get('timeZone')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );

    const active = screen.getByRole('table', { name: /^Weekly active users and teams:/ });
    expect(within(active).getAllByRole('row')[12]).toHaveTextContent(/Mon 23 Nov\s*111\s*16$/);
    const hours = screen.getByRole('table', { name: /^Hours in VR:/ });
    expect(within(hours).getAllByRole('row')[1]).toHaveTextContent(/Mon 7 Sep\s*2$/);
    const meetings = screen.getByRole('table', { name: /^Meetings held:/ });
    expect(within(meetings).getAllByRole('row')[2]).toHaveTextContent(/Mon 14 Sep\s*31$/);

    const most = screen.getByRole('table', { name: /^Most use of their licenses:/ });
    const [, first, second] = within(most).getAllByRole('row');
    expect(first).toHaveTextContent(/Team 1\s*10\s*9\s*90%/);
    expect(second).toHaveTextContent(/Team 2\s*20\s*15\s*75%/);
    const least = screen.getByRole('table', { name: /^Least use of their licenses:/ });
    expect(within(least).getAllByRole('row')[1]).toHaveTextContent(/Team 3\s*50\s*2\s*4%/);
  });

  it('says when no team holds licenses', async () => {
    mockApi(() => ({ body: platformUsageFixture({ mostLicenseUse: [], leastLicenseUse: [] }) }));
    renderScreen('/', '/', <PlatformUsageSection />);
    expect(await screen.findAllByText('No team holds licenses yet.')).toHaveLength(2);
  });

  it('shows a load failure with Try again', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } }
        : { body: platformUsageFixture() },
    );
    renderScreen('/', '/', <PlatformUsageSection />);
    expect(await screen.findByText('The platform usage could not be loaded')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Meetings held:/ })).toBeInTheDocument();
  });
});
