import { describe, expect, it } from 'vitest';
import { landingTarget } from './LandingPage.tsx';

describe('landingTarget', () => {
  it('sends a signed-out visitor to login', () => {
    expect(landingTarget(false, false)).toBe('/login');
  });
  it('goes to the dashboard, via team resolution when no team is selected', () => {
    expect(landingTarget(true, true)).toBe('/dashboard');
    expect(landingTarget(true, false)).toBe('/organization/resolve?targetRoute=%2Fdashboard');
  });
});
