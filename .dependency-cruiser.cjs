// Boundaries checked by `npm run check` (docs/architecture.md#boundaries).
module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      comment:
        'A web feature imports no other feature; shared code goes to src/lib or src/components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-feature-through-service',
      comment: "A server feature reaches another only through that feature's *-service.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/',
        pathNot: ['^apps/server/src/features/$1/', '-service[.]ts$'],
      },
    },
    {
      name: 'web-shared-to-feature',
      comment:
        "The SPA's shared code (lib, components, config) imports no feature; src/app composes them.",
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-lib-to-feature',
      comment: "The server's lib and db import no feature and no plugin.",
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/(features|plugins)/' },
    },
    {
      name: 'contracts-alone',
      comment: 'contracts depends on nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/(terminal|formats)/' },
    },
    {
      name: 'terminal-formats-apart',
      comment:
        'terminal and formats depend at most on contracts, not on each other (an integration test may use both).',
      severity: 'error',
      from: { path: '^packages/(terminal|formats)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^packages/(terminal|formats)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'package-to-app',
      comment: 'Packages import no app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
