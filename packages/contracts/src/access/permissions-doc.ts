import type { FeatureFlags } from '../api/system';
import { PLATFORM_COMPANY_CODE } from '../constants';
import { APP_PATHS, type MenuItem, menuItems, ROUTE_ACTIONS } from './navigation';
import { ACTIONS, grantsOf, PERMISSIONS } from './permissions';
import { ROLE_CODES, type RoleCode } from './roles';

// docs/permissions.md is generated from the catalogue (`npm run docs:permissions`); a test fails
// when the file and the catalogue differ.

const cell = (action: (typeof ACTIONS)[number], role: RoleCode): string => {
  const grants = grantsOf(action).filter((g) => g.roles.includes(role));
  const isAll = grants.some((g) => g.heldIn === 'platform');
  const isOwn = grants.some((g) => g.heldIn === 'own');
  if (isAll && isOwn && role !== 'plf-owner' && role !== 'plf-admin') return 'all / own';
  return isAll ? 'all' : isOwn ? 'own' : '';
};

const flagsWith = (capKeyEnabled: boolean): FeatureFlags => ({
  home: '/dashboard',
  otpEnabled: true,
  authenticatorOtpEnabled: true,
  evaluateMode: false,
  crtEnabled: true,
  signerEnabled: true,
  signerApkEnabled: true,
  signerCapEnabled: true,
  capEnabled: true,
  capKeyEnabled,
  capCrtEnabled: true,
  keyEraseDemo: false,
  enforceLogin: true,
  showTimer: true,
  idleTimeoutS: 1200,
  platformCompanyCode: PLATFORM_COMPANY_CODE,
  hqscCompanyCode: 'HQSC',
});

const menuText = (items: MenuItem[]): string =>
  items
    .map((i) =>
      i.children ? `${i.label} (${i.children.map((c) => c.label).join(', ')})` : i.label,
    )
    .join(', ');

/** The side menu of one role held alone, in the platform company for the global admins. */
const menuRows = (): string[] =>
  ROLE_CODES.map((role) => {
    const company = role === 'plf-owner' || role === 'plf-admin' ? PLATFORM_COMPANY_CODE : 'ACME';
    const ctx = { roles: [`${company}/${role}`], companyCode: company };
    const on = menuText(menuItems(ctx, flagsWith(true)));
    const off = menuText(menuItems(ctx, flagsWith(false)));
    return `| \`${role}\` | ${on} | ${off === on ? 'same' : off} |`;
  });

/** The whole of docs/permissions.md. */
export function renderPermissionsDoc(): string {
  const header = `| action | what it allows | ${ROLE_CODES.join(' | ')} |`;
  const rule = `|---|---|${ROLE_CODES.map(() => '---').join('|')}|`;
  const rows = ACTIONS.map((action) => {
    const def: { summary: string; also?: unknown } = PERMISSIONS[action];
    const note = def.also ? ' (see below)' : '';
    return `| \`${action}\` | ${def.summary}${note} | ${ROLE_CODES.map((r) => cell(action, r)).join(' | ')} |`;
  });
  const routes = (Object.values(APP_PATHS) as (keyof typeof ROUTE_ACTIONS)[]).map(
    (path) =>
      `| \`${path}\` | ${ROUTE_ACTIONS[path] ? `\`${ROUTE_ACTIONS[path]}\`` : 'a session'} |`,
  );
  return [
    '# Permissions',
    '',
    '<!-- Generated from packages/contracts/src/access/permissions.ts by `npm run docs:permissions`; do not edit. -->',
    '',
    'Every action the console checks, and which roles grant it. **all**: the role held in the',
    "platform company grants the action on every company's data; **own**: the role held in a",
    "company grants it on that company's data only; **all / own**: all when held in the platform",
    'company, own when held elsewhere. The server declares an action on each route',
    "(checked before the body is read) and checks the row's company in the service; the SPA derives",
    'its route access, side menu and dashboard cards from the same catalogue.',
    '',
    header,
    rule,
    ...rows,
    '',
    '`kcg.manage` also needs the `kcg-manager` role or membership of the head-office security',
    'centre company (`HQSC_COMPANY_CODE`), on top of a certificate grant.',
    '',
    '## Pages',
    '',
    '| page | needs |',
    '|---|---|',
    ...routes,
    '',
    '## Side menu',
    '',
    'The entries each role sees when held alone (in the platform company for the two global',
    'admins, in a customer company for the others), every feature switched on. The CAP Maker group',
    'shows to the CAP roles and the two global admins, or to anyone while the key-capability flag',
    '(`capKeyEnabled`) is on, and only with an entry inside; the last column shows the menu with',
    'that flag off. A company admin has no Company entry: the product follows the route table',
    '(docs/product.md#menu).',
    '',
    '| role | menu, every flag on | with `capKeyEnabled` off |',
    '|---|---|---|',
    ...menuRows(),
    '',
  ].join('\n');
}
