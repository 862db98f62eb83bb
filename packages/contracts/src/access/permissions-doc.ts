import { APP_PATHS, ROUTE_ACTIONS } from './navigation';
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
  ].join('\n');
}
