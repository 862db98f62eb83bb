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
};
