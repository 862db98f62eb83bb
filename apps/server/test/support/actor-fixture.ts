import type { ActorContext } from '../../src/features/access/actor-service';

/** A signed-in actor of company `companyCode` (id c1) with `roles`, for unit tests of checks. */
export const testActor = (roles: string[], companyCode = 'ACME'): ActorContext => ({
  userId: 'u1',
  email: 'u@example.com',
  companyId: 'c1',
  companyCode,
  roles,
  platformCode: 'HQ',
  hqscCode: 'HQSC',
  timeZone: 'UTC',
  ip: '127.0.0.1',
});
