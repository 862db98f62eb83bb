import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CompanyRow, companyListResponse } from '@tkc/contracts/api/management';
import { MAX_PAGE_SIZE } from '@tkc/contracts/constants';
import { encodeListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from './api-client';

// GET /companies as picker options (users, serial numbers, audit): the first 100 companies by
// code, or those matching what is typed. Only global admins may list companies.

export type CompanyOption = Pick<CompanyRow, 'id' | 'code' | 'name' | 'is_platform'>;

async function getCompanyOptions(
  keyword: string,
  signal?: AbortSignal,
): Promise<{ total: number; data: CompanyOption[] }> {
  const query = encodeListQuery({ limit: MAX_PAGE_SIZE, sortby: 'code', keyword });
  const answer = await apiRequest(`/companies${query}`, {
    schema: companyListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return {
    total: answer.data.total,
    data: answer.data.data.map(({ id, code, name, is_platform }) => ({
      id,
      code,
      name,
      is_platform,
    })),
  };
}

const companyOptionsQueryOptions = (keyword = '') =>
  queryOptions({
    queryKey: ['companies', 'options', keyword],
    queryFn: ({ signal }) => getCompanyOptions(keyword, signal),
  });

export const useCompanyOptions = (keyword = '', isEnabled = true) =>
  useQuery({ ...companyOptionsQueryOptions(keyword), enabled: isEnabled });
