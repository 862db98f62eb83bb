import type { Subject } from '@tkc/contracts/access/permissions';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { FeatureFlags } from '@tkc/contracts/api/system';
import { HQSC_COMPANY_CODE, PLATFORM_COMPANY_CODE } from '@tkc/contracts/constants';
import { useUser } from './auth';
import { useFeatureFlags } from './feature-flags';

// The permission catalogue's subject for the signed-in user: the same rules the server enforces
// decide what the SPA shows (docs/permissions.md).

export const subjectOf = (
  user: Pick<CurrentUser, 'roles' | 'company_code'>,
  flags?: Pick<FeatureFlags, 'platformCompanyCode' | 'hqscCompanyCode'>,
): Subject => ({
  roles: user.roles,
  companyCode: user.company_code,
  platformCode: flags?.platformCompanyCode ?? PLATFORM_COMPANY_CODE,
  hqscCode: flags?.hqscCompanyCode ?? HQSC_COMPANY_CODE,
});

/** The signed-in user's subject, once profile and configuration are loaded. */
export function useSubject(): Subject | undefined {
  const { data: user } = useUser();
  const { data: flags } = useFeatureFlags();
  return user && flags ? subjectOf(user, flags) : undefined;
}
