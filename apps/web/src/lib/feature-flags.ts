import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureFlags } from '@tkc/contracts/api/system';
import { apiRequest } from './api-client';

// GET /config: the feature flags (docs/product.md#feature-flags) that shape the menu and the routes.

async function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  const answer = await apiRequest('/config', {
    schema: () => import('@tkc/contracts/api/system').then((m) => m.configResponse),
    signal,
  });
  return answer.data;
}

const featureFlagsQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getFeatureFlags(signal) });

export const useFeatureFlags = () => useQuery(featureFlagsQueryOptions());
