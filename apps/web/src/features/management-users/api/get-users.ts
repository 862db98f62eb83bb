import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListResponse } from '@tkc/contracts/api/management';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /users: users and pending invitations (docs/product.md#list-query); a company admin, their own
// company only.

export const usersQueryKey = ['users'] as const;

async function getUsers(query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(`/users${encodeListQuery(query)}`, {
    schema: userListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const usersQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey, encodeListQuery(query)],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: ListQuery) => useQuery(usersQueryOptions(query));
