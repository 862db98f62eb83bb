// The security-guarding modules `npm run test:mutation` mutates (docs/testing.md#mutation): for
// each, the files (or line ranges) whose mutants count, and the test files that cover them. Each
// list is kept narrow so that one module's run fits in about ten minutes on two cores.

/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
export const MODULES = {
  'audit-chain': {
    mutate: [
      'apps/server/src/features/audit/audit-chain.ts',
      // The append (chainAppend, recordAudit) and the verifier (verifyAuditChain).
      'apps/server/src/features/audit/audit-service.ts:33-75',
      'apps/server/src/features/audit/audit-service.ts:97-154',
    ],
    tests: [
      'apps/server/src/features/audit/audit-chain.test.ts',
      'apps/server/test/audit-tamper.test.ts',
      'apps/server/test/audit-append.test.ts',
    ],
  },
  'access-policy': {
    mutate: [
      // The catalogue and its checks (can, scopeOf), and the role parsing they rest on.
      'packages/contracts/src/access/permissions.ts',
      'packages/contracts/src/access/roles.ts:79-138',
      // The route hook and the row-level checks of the services.
      'apps/server/src/plugins/route-access.ts',
      'apps/server/src/features/access/access-service.ts',
    ],
    tests: [
      'packages/contracts/src/access/permissions.test.ts',
      'packages/contracts/src/access/roles.test.ts',
      'apps/server/src/plugins/route-access.test.ts',
      'apps/server/src/features/access/access-service.test.ts',
      'apps/server/test/route-access.test.ts',
    ],
  },
  'erase-authorisation': {
    mutate: [
      // Making and checking the authorisation (not the test credentials below line 176).
      'packages/terminal/src/erase-auth.ts:1-176',
      // Who may have one, for which serial number, how often; whose records one may see.
      'apps/server/src/features/erase/erase-service.ts:55-150',
      'apps/server/src/features/erase/erase-service.ts:189-207',
    ],
    tests: ['packages/terminal/src/erase-auth.test.ts', 'apps/server/test/erase.test.ts'],
  },
  auth: {
    mutate: [
      // The idle limit and its write step.
      'apps/server/src/features/auth/auth-policy.ts:71-84',
      'apps/server/src/lib/passwords.ts',
      'apps/server/src/lib/totp.ts',
      // Second factors: which a user accepts, the wrong-code window, consuming a code.
      'apps/server/src/features/auth/second-factor.ts',
      // isLive, openSession, resolveSession (idle end included).
      'apps/server/src/features/auth/session-service.ts:26-127',
      'apps/server/src/features/auth/session-cache.ts',
    ],
    tests: [
      'apps/server/src/features/auth/auth-policy.test.ts',
      'apps/server/src/features/auth/session-cache.test.ts',
      'apps/server/src/features/auth/session-service.test.ts',
      'apps/server/src/features/auth/second-factor.test.ts',
      'apps/server/src/lib/passwords.test.ts',
      'apps/server/test/auth-mfa.test.ts',
      'apps/server/test/session-idle.test.ts',
    ],
  },
  signer: {
    mutate: [
      // The two-person rule: who may decide a request (canDecide, assertCanDecide) and the decision.
      'apps/server/src/features/approvals/approvals-service.ts:61-78',
      'apps/server/src/features/approvals/approvals-service.ts:189-226',
      // Whose requests a user reads (readScope, visibleRequest): anything else answers 404.
      'apps/server/src/features/signer/signer-view.ts:48-70',
    ],
    tests: ['apps/server/test/signer-approval.test.ts'],
  },
};
