import type { BillingCustomer, BillingCustomerEdit, SubscriptionUpdate } from '@roomscale/shared';
import { billingApi } from '@roomscale/shared/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client.ts';

/** The billing calls of part2 §7 (Billing), as TanStack queries and mutations. */
export const billingKeys = {
  all: ['billing'] as const,
  details: ['billing', 'details'] as const,
  team: (teamId: string) => ['billing', 'team', teamId] as const,
  customer: (teamId: string) => ['billing', 'team', teamId, 'customer'] as const,
  licensing: (teamId: string) => ['billing', 'team', teamId, 'licensing'] as const,
  preview: (teamId: string, priceId: string, quantity: number) =>
    ['billing', 'team', teamId, 'preview', priceId, quantity] as const,
};

/** The provider, the product and its prices: the same for every team, so kept a while. */
export const providerDetailsQuery = {
  queryKey: billingKeys.details,
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(billingApi.details, { signal }),
  staleTime: 5 * 60_000,
};

export function useProviderDetails(enabled = true) {
  return useQuery({ ...providerDetailsQuery, enabled });
}

/**
 * GET /api/StripeCustomers/{teamId}: the team's customer, or null when it has none yet (the
 * server answers 404: the empty state, not a failure).
 */
export function useBillingCustomer(teamId: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.customer(teamId),
    enabled: enabled && teamId !== '',
    queryFn: async ({ signal }): Promise<BillingCustomer | null> => {
      try {
        return await call(billingApi.customer, { params: { organizationId: teamId }, signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** GET /api/Organizations/{teamId}/subscription: license counts, self-management, the customer. */
export function useLicensing(teamId: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.licensing(teamId),
    enabled: enabled && teamId !== '',
    queryFn: ({ signal }) =>
      call(billingApi.licensing, { params: { organizationId: teamId }, signal }),
  });
}

/** After any billing change the team's customer and license counts load again. */
export const reloadBilling = (client: QueryClient, teamId: string) =>
  client.invalidateQueries({ queryKey: billingKeys.team(teamId) });

export function useSaveCustomer(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingCustomerEdit) =>
      call(billingApi.saveCustomer, { params: { organizationId: teamId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(billingKeys.customer(teamId), saved);
      void client.invalidateQueries({ queryKey: billingKeys.licensing(teamId) });
    },
  });
}

export function useCancelSubscription(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(billingApi.cancelSubscription, { params: { organizationId: teamId } }),
    onSettled: () => reloadBilling(client, teamId),
  });
}

/** The estimated price of an order (cents), for the confirm page. */
export function usePricePreview(teamId: string, priceId: string, quantity: number) {
  return useQuery({
    queryKey: billingKeys.preview(teamId, priceId, quantity),
    enabled: teamId !== '' && priceId !== '' && quantity > 0,
    queryFn: ({ signal }) =>
      call(billingApi.previewPrice, {
        params: { organizationId: teamId },
        body: { priceId, quantity },
        signal,
      }),
  });
}

export const fetchSetupSecret = (teamId: string) =>
  call(billingApi.setupSecret, { params: { organizationId: teamId } });

export const updateSubscription = (teamId: string, body: SubscriptionUpdate) =>
  call(billingApi.updateSubscription, { params: { organizationId: teamId }, body });
