import { queryOptions, useQuery } from '@tanstack/react-query';
import { configResponse, type FeatureFlags } from '@tkc/contracts/api/system';
import { apiRequest } from './api-client';

// GET /config: the feature flags (spec 3) that shape the menu and open or close routes.

export async function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  const answer = await apiRequest('/config', { schema: configResponse, signal });
  return answer.data;
}

export const featureFlagsQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getFeatureFlags(signal) });

export const useFeatureFlags = () => useQuery(featureFlagsQueryOptions());
