// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  signedInMember,
  teamFixture,
} from '../../test/harness.tsx';
import { devicePage, platformUsageFixture, teamId, teamUsageFixture } from './fixtures.ts';
import { PlatformUsageSection } from './PlatformUsageSection.tsx';
import { TeamUsagePage } from './TeamUsagePage.tsx';

// happy-dom lays nothing out: the charts' containers get a size, so the chart library draws
// their bars at the heights it computes.
function sizeCharts() {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('recharts-responsive-container')
      ? new DOMRect(0, 0, 480, 220)
      : measure.call(this);
  });
}

// The screen loads its chart library when it first shows a chart: load it before, not in a wait.
beforeAll(() => import('./WeekChart.tsx'));
beforeEach(() => sizeCharts());
afterEach(() => {
  vi.restoreAllMocks();
  resetBrowser();
});

/** The heights of the bars drawn in the chart of the section titled `title`, in pixels. */
async function barHeights(title: string) {
  const section = await screen.findByRole('region', { name: title });
  await vi.waitFor(() => expect(section.querySelector('.recharts-bar')).not.toBeNull());
  // A square bar is drawn as 'M x,y h width v height h -width Z'.
  return [...section.querySelectorAll('.recharts-bar-rectangle path')].map((p) =>
    Number(/ v (-?[\d.]+)/.exec(p.getAttribute('d') ?? '')?.[1]),
  );
}

/** Week 1 a few minutes, week 2 none, the others 3 h 55 min (3.9 to a tenth). */
const secondsInVr = (i: number) => (i === 0 ? 120 : i === 1 ? 0 : 3 * 3600 + 55 * 60);

// The team's Usage tab and the admin overview's platform usage draw the same chart.
const screens = [
  {
    name: "the team's Usage tab",
    show: async () => {
      await signedInMember(teamFixture({ id: teamId, role: 'Admin' }));
      const usage = teamUsageFixture();
      usage.weeks = usage.weeks.map((w, i) => ({ ...w, secondsInVr: secondsInVr(i) }));
      mockApi((_, url) => ({ body: url.pathname.endsWith('/Usage') ? usage : devicePage([]) }));
      renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    },
  },
  {
    name: "the admin overview's platform usage",
    show: async () => {
      await signedInBrowser();
      const usage = platformUsageFixture();
      usage.weeks = usage.weeks.map((w, i) => ({ ...w, secondsInVr: secondsInVr(i) }));
      mockApi(() => ({ body: usage }));
      renderScreen('/', '/', <PlatformUsageSection />);
    },
  },
];

describe.each(screens)("the 'Hours in VR' chart of $name", ({ show }) => {
  it('draws a visible bar for a week of a few minutes beside weeks of hours; none for no use', async () => {
    await show();

    const heights = await barHeights('Hours in VR');
    expect(heights).toHaveLength(11);
    const [minutes, ...hours] = heights;
    expect(minutes).toBeGreaterThanOrEqual(2);
    for (const h of hours) expect(h).toBeGreaterThan(100);
    // The table keeps its numbers to a tenth of an hour.
    const table = screen.getByRole('table', { name: /^Hours in VR:/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Mon 7 Sep\s*0$/);
    expect(rows[2]).toHaveTextContent(/Mon 14 Sep\s*0$/);
    expect(rows[3]).toHaveTextContent(/Mon 21 Sep\s*3\.9$/);
  });
});
