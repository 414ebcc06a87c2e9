import type {
  BillingCustomer,
  LicensingSummary,
  Membership,
  PricePreview,
  ProviderDetails,
  SubscriptionUpdateResult,
} from '@roomscale/shared';
import { session } from '../../session/session.ts';
import { meFixture, mockFetch, teamFixture } from '../../test/harness.tsx';
import { renderRouter, teamRoutes } from '../../test/router.tsx';
import {
  customerFixture,
  detailsFixture,
  licensingFixture,
  previewFixture,
  subscriptionFixture,
} from './testing.ts';

/** A test's team, the signed-in user, a renderer of the /team routes and a fake billing server. */

export const me = meFixture();
export const adminTeam = teamFixture({ role: 'Admin', licenseType: 'License' });
const teamPath = `/api/StripeCustomers/${adminTeam.id}`;

/** Signs `me` in with `team` as the current team. */
export async function signIn(team: Membership = adminTeam) {
  mockFetch(() => ({ body: me }));
  await session.reloadUser();
  session.selectTeam(team);
}

/** The /team screens at `url`, with a probe of where they navigate. */
export const renderAt = (url: string) => renderRouter(teamRoutes(), url, { probe: true });

export type Call = { method: string; path: string; search: string; body: unknown };
type Reply = { status?: number; body?: unknown };

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) => ({
  status,
  body: {
    type: 'about:blank',
    title: status === 404 ? 'Not Found' : 'Bad Request',
    status,
    detail,
    ...(errors ? { errors } : {}),
  },
});

export type BillingState = {
  customer: BillingCustomer | null;
  licensing: LicensingSummary;
  details: ProviderDetails;
  preview: PricePreview;
  /** The answer of POST …/Subscription. */
  update: SubscriptionUpdateResult;
};

/**
 * A small fake of the billing server for the signed-in team: the customer as stored (saved and
 * cancelled by the screen's calls), its license summary, the provider's details, a price preview
 * and the subscription call's answer. `route` answers first (also the simulator's calls, which
 * are not under /api). Every call is recorded.
 */
export function billingServer(
  initial: Partial<BillingState> = {},
  route?: (c: Call) => Reply | undefined | Promise<Reply | undefined>,
) {
  const state: BillingState = {
    customer: customerFixture(),
    licensing: licensingFixture(),
    details: detailsFixture(),
    preview: previewFixture(),
    update: {
      orderType: 'Create',
      subscriptionDetail: subscriptionFixture(),
      paymentMethodId: 'pm_saved',
    },
    ...initial,
  };
  const calls: Call[] = [];
  const fetch = mockFetch(async (url, init) => {
    const c: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(c);
    const own = await route?.(c);
    if (own) return own;
    const { method, path } = c;
    if (path === '/api/Users/Me') return { body: me };
    if (path === '/api/StripeCustomers/Details') return { body: state.details };
    if (path === `/api/Organizations/${adminTeam.id}/subscription`)
      return { body: state.licensing };
    if (path === teamPath && method === 'GET') {
      return state.customer
        ? { body: state.customer }
        : problem(404, 'This team has no billing details yet.');
    }
    if (path === teamPath && method === 'POST') {
      const b = c.body as Record<string, string | boolean>;
      state.customer = {
        ...(state.customer ?? customerFixture({ subscriptionDetail: null, paymentType: null })),
        ...(b as object),
        taxId: b.isBusiness && b.taxId ? String(b.taxId) : null,
        customerId: state.customer?.customerId ?? 'cus_new',
      } as BillingCustomer;
      return { body: state.customer };
    }
    if (path === `${teamPath}/Subscription` && method === 'DELETE') {
      const sub = subscriptionFixture({
        ...state.customer?.subscriptionDetail,
        subscriptionHasUpcomingCancel: true,
      });
      if (state.customer) state.customer = { ...state.customer, subscriptionDetail: sub };
      return { body: sub };
    }
    if (path === `${teamPath}/Subscription/Price`) return { body: state.preview };
    if (path === `${teamPath}/PaymentMethod/Secret`) {
      return { body: { clientSecret: 'seti_1_secret_abc' } };
    }
    if (path === `${teamPath}/Subscription` && method === 'POST') return { body: state.update };
    return problem(404, 'Not Found');
  });
  return { state, calls, fetch };
}

/** The calls of one method and path. */
export const callsTo = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);
