import { describe, expect, it } from 'vitest';
import type { FeatureFlags } from './api/system';
import {
  can,
  canEnterRoute,
  canFetchEraseFailures,
  canManageUsers,
  capabilities,
  carouselSlidesPerView,
  dashboardCards,
  dashboardHeading,
  featureRole,
  hasRole,
  isCompanyAdmin,
  isGlobalAdmin,
  isManagementRole,
  keyEraseLanding,
  type MenuItem,
  matchRoute,
  menuItems,
  PERMISSION_MATRIX,
  parseRole,
  ROLE_GROUPS,
  roleBadges,
  roleLabel,
  withFeatureRole,
} from './roles';

const allOn: FeatureFlags = {
  home: '/',
  otpEnabled: true,
  authenticatorOtpEnabled: true,
  evaluateMode: false,
  crtEnabled: true,
  signerEnabled: true,
  signerApkEnabled: true,
  signerCapEnabled: true,
  capEnabled: true,
  capKeyEnabled: true,
  capCrtEnabled: true,
  keyEraseDemo: false,
  enforceLogin: false,
  showTimer: false,
};

/** Menu as 'Label path' lines, children indented, for readable expectations. */
const outline = (items: MenuItem[], indent = ''): string[] =>
  items.flatMap((i) => [
    `${indent}${i.label}${i.path ? ` ${i.path}` : ''}`,
    ...outline(i.children ?? [], `${indent}  `),
  ]);

describe('parseRole', () => {
  it('splits company and role', () => {
    expect(parseRole('HQ/plf-owner')).toEqual({ company: 'HQ', role: 'plf-owner' });
    expect(parseRole('ACME/cap-user')).toEqual({ company: 'ACME', role: 'cap-user' });
  });

  it.each([
    'plf-owner',
    '/plf-owner',
    'HQ/',
    'HQ/unknown',
    'HQ/plf-owner/x',
    'H Q/cap-user',
    '',
    `${'C'.repeat(33)}/cap-user`,
  ])('answers null for %j', (value) => {
    expect(parseRole(value)).toBeNull();
  });
});

describe('role checks', () => {
  it('tests a role, optionally for a company', () => {
    const roles = ['ACME/cap-user', 'ACME/erk-user'];
    expect(hasRole(roles, 'cap-user')).toBe(true);
    expect(hasRole(roles, 'cap-user', 'ACME')).toBe(true);
    expect(hasRole(roles, 'cap-user', 'OTHER')).toBe(false);
    expect(hasRole(roles, 'cap-manager')).toBe(false);
  });

  it('honours global roles only in the platform company', () => {
    expect(isGlobalAdmin(['HQ/plf-admin'])).toBe(true);
    expect(isGlobalAdmin(['ACME/plf-owner'])).toBe(false);
    expect(hasRole(['ACME/plf-owner'], 'plf-owner')).toBe(false);
    expect(isGlobalAdmin(['PLAT/plf-owner'], 'PLAT')).toBe(true);
  });

  it('knows company admins and management roles', () => {
    expect(isCompanyAdmin(['ACME/com-admin'], 'ACME')).toBe(true);
    expect(isCompanyAdmin(['ACME/com-admin'], 'OTHER')).toBe(false);
    expect(
      ['plf-owner', 'plf-admin', 'com-admin', 'cap-manager', ''].map(isManagementRole),
    ).toEqual([true, true, true, false, false]);
  });

  it('derives the signer, capCRT and capMaker capabilities', () => {
    expect(capabilities(['A/sig-user', 'A/crt-manager'])).toEqual({
      isSigner: true,
      isCapCrt: true,
      isCapMaker: false,
    });
    expect(capabilities(['A/cap-advanced']).isCapMaker).toBe(true);
  });

  it('labels roles, the empty code as None', () => {
    expect(roleLabel('plf-owner')).toBe('Platform Owner');
    expect(roleLabel('sig-manager')).toBe('Signer Manager');
    expect(roleLabel('')).toBe('None');
    expect(roleBadges(['HQ/plf-owner', 'junk', 'HQ/cap-user'])).toEqual([
      { company: 'HQ', role: 'plf-owner', label: 'Platform Owner', group: 'admin' },
      { company: 'HQ', role: 'cap-user', label: 'User', group: 'cap' },
    ]);
  });
});

describe('feature role groups (radio choice)', () => {
  it('has the groups of the spec', () => {
    expect(ROLE_GROUPS).toEqual({
      cap: ['cap-manager', 'cap-advanced', 'cap-user'],
      sig: ['sig-manager', 'sig-user'],
      crt: ['crt-manager', 'crt-user'],
      erk: ['erk-user'],
    });
  });

  it('reads and replaces the one role of a group', () => {
    const roles = ['ACME/cap-user', 'ACME/sig-user', 'OTHER/cap-manager'];
    expect(featureRole(roles, 'cap', 'ACME')).toBe('cap-user');
    expect(featureRole(roles, 'crt', 'ACME')).toBeNull();
    expect(withFeatureRole(roles, 'ACME', 'cap', 'cap-manager')).toEqual([
      'ACME/sig-user',
      'OTHER/cap-manager',
      'ACME/cap-manager',
    ]);
    expect(withFeatureRole(roles, 'ACME', 'sig', null)).toEqual([
      'ACME/cap-user',
      'OTHER/cap-manager',
    ]);
    expect(() => withFeatureRole(roles, 'ACME', 'sig', 'cap-user')).toThrow(RangeError);
  });
});

describe('canManageUsers', () => {
  it('lets global admins and the company admin of that company in', () => {
    expect(canManageUsers(['HQ/plf-owner'], 'HQ')).toBe(true);
    expect(canManageUsers(['ACME/com-admin'], 'ACME')).toBe(true);
    expect(canManageUsers(['ACME/com-admin'], 'OTHER')).toBe(false);
    expect(canManageUsers(['ACME/cap-manager'], 'ACME')).toBe(false);
  });
});

describe('menuItems', () => {
  it('shows a platform owner every entry with its path', () => {
    expect(outline(menuItems(['HQ/plf-owner'], 'HQ', allOn))).toEqual([
      'Dashboard /dashboard',
      'User Guide /guide',
      'Audit Log /admin/audit',
      'User /admin/user',
      'Company',
      '  Overview /admin/company',
      '  Serial Number /admin/company/sn',
      'Key Erase /key-erase/log',
      'Signer /signer',
      'CAP Maker',
      '  General /cap-maker',
      '  Key /cap-maker/key',
      '  Certificate /cap-maker/crt/crt',
      'Account and Settings /account/settings',
      'Model /model',
    ]);
  });

  it('adds Key Certificate Group for kcg-manager or any HQSC user with certificate access', () => {
    const labels = (roles: string[], company: string, hqsc?: string) =>
      outline(menuItems(roles, company, allOn, hqsc)).map((l) => l.trim());
    expect(labels(['HQ/plf-owner', 'HQ/kcg-manager'], 'HQ')).toContain(
      'Key Certificate Group /cap-maker/crt/kcg',
    );
    expect(labels(['HQSC/crt-user'], 'HQSC')).toContain('Key Certificate Group /cap-maker/crt/kcg');
    expect(labels(['SEC/crt-user'], 'SEC', 'SEC')).toContain(
      'Key Certificate Group /cap-maker/crt/kcg',
    );
    // Without certificate access the HQSC code alone opens nothing.
    expect(labels(['HQSC/erk-user'], 'HQSC')).not.toContain(
      'Key Certificate Group /cap-maker/crt/kcg',
    );
  });

  it('shows a plain key-erase user only the open entries and sends them to the process page', () => {
    expect(outline(menuItems(['ACME/erk-user'], 'ACME', allOn))).toEqual([
      'Dashboard /dashboard',
      'User Guide /guide',
      'Key Erase /key-erase/instruction',
      'Account and Settings /account/settings',
      'Model /model',
    ]);
  });

  it('shows a company admin users and audit but not companies', () => {
    const lines = outline(menuItems(['ACME/com-admin'], 'ACME', allOn));
    expect(lines).toContain('User /admin/user');
    expect(lines).toContain('Audit Log /admin/audit');
    expect(lines).not.toContain('Company');
    expect(lines).not.toContain('CAP Maker');
  });

  it('hides Signer when the signer flag is off, and CAP items by their flags', () => {
    const roles = ['ACME/sig-manager', 'ACME/cap-user'];
    expect(outline(menuItems(roles, 'ACME', allOn))).toContain('Signer /signer');
    expect(outline(menuItems(roles, 'ACME', { ...allOn, signerEnabled: false }))).not.toContain(
      'Signer /signer',
    );
    const capOnlyKey = outline(menuItems(roles, 'ACME', { ...allOn, capEnabled: false }));
    expect(capOnlyKey).toContain('CAP Maker');
    expect(capOnlyKey).toContain('  Key /cap-maker/key');
    expect(capOnlyKey).not.toContain('  General /cap-maker');
    const noCap = outline(
      menuItems(roles, 'ACME', { ...allOn, capEnabled: false, capKeyEnabled: false }),
    );
    expect(noCap).not.toContain('CAP Maker');
  });
});

describe('route access', () => {
  const ctx = (roles: string[], companyCode = 'ACME') => ({ roles, companyCode });

  it('follows the spec table', () => {
    expect(canEnterRoute('/dashboard', ctx([]))).toBe(true);
    expect(canEnterRoute('/model', ctx([]))).toBe(true);
    expect(canEnterRoute('/cap-maker', ctx(['ACME/com-admin']))).toBe(true);
    expect(canEnterRoute('/cap-maker', ctx(['ACME/erk-user']))).toBe(false);
    expect(canEnterRoute('/cap-maker/crt/crt', ctx(['ACME/cap-manager']))).toBe(false);
    expect(canEnterRoute('/cap-maker/crt/crt', ctx(['HQ/plf-admin'], 'HQ'))).toBe(true);
    expect(canEnterRoute('/admin/company/sn', ctx(['ACME/com-admin']))).toBe(false);
    expect(canEnterRoute('/admin/company/sn', ctx(['HQ/plf-admin'], 'HQ'))).toBe(true);
    expect(canEnterRoute('/key-erase/log?page=2', ctx(['ACME/erk-user']))).toBe(true);
    expect(canEnterRoute('/signer', ctx(['ACME/sig-user']))).toBe(true);
    expect(
      canEnterRoute('/signer', ctx(['ACME/sig-user']), { ...allOn, signerEnabled: false }),
    ).toBe(false);
  });

  it('matches nested paths to their nearest route and refuses unknown ones', () => {
    expect(matchRoute('/account/settings/')).toBe('/account/settings');
    expect(matchRoute('/admin/company/sn/12')).toBe('/admin/company/sn');
    expect(matchRoute('/admin/companyx')).toBeNull();
    expect(canEnterRoute('/nowhere', ctx(['HQ/plf-owner'], 'HQ'))).toBe(false);
  });

  it('lands erk-user on the process page and others on the log', () => {
    expect(keyEraseLanding(['A/erk-user'])).toBe('/key-erase/instruction');
    expect(keyEraseLanding(['HQ/plf-owner', 'HQ/erk-user'])).toBe('/key-erase/instruction');
    expect(keyEraseLanding(['HQ/plf-owner'])).toBe('/key-erase/log');
  });
});

describe('dashboard', () => {
  const names = (roles: string[]) => {
    const { features, manage } = dashboardCards(roles);
    return { features: features.map((c) => c.name), manage: manage.map((c) => c.name) };
  };

  it('shows the cards of the card table', () => {
    expect(names(['HQ/plf-owner'])).toEqual({
      features: [],
      manage: ['User', 'Company', 'Model', 'Audit Log'],
    });
    expect(names(['ACME/com-admin', 'ACME/erk-user', 'ACME/cap-user'])).toEqual({
      features: ['Key Erase', 'CAP Maker'],
      manage: ['User', 'Model'],
    });
    expect(names(['A/sig-user', 'A/crt-user'])).toEqual({
      features: ['Signer', 'CAP CRT'],
      manage: ['Model'],
    });
  });

  it('marks a card disabled when its feature flag is off', () => {
    const { features } = dashboardCards(['A/sig-user'], { ...allOn, signerEnabled: false });
    expect(features).toMatchObject([{ name: 'Signer', isEnabled: false, link: '/signer' }]);
  });

  it('titles the carousel and sizes it', () => {
    expect(dashboardHeading(['A/cap-user'])).toBe('Feature');
    expect(dashboardHeading(['A/com-admin'])).toBe('Feature & Manage');
    expect([0, 1, 2, 4].map(carouselSlidesPerView)).toEqual([1, 1, 2, 2]);
  });

  it('fetches failed erases only for those who may open Key Erase', () => {
    expect(canFetchEraseFailures(['A/erk-user'])).toBe(true);
    expect(canFetchEraseFailures(['HQ/plf-admin'])).toBe(true);
    expect(canFetchEraseFailures(['A/com-admin'])).toBe(false);
  });
});

describe('permission matrix', () => {
  const owner = ['HQ/plf-owner'];
  const admin = ['HQ/plf-admin'];
  const comAdmin = ['ACME/com-admin'];
  const viewer = ['ACME/mdl-viewer'];

  it('lets both global admins manage users of any company, company admins only their own', () => {
    expect(can(owner, 'HQ', 'user.edit', 'ACME')).toBe(true);
    expect(can(admin, 'HQ', 'user.edit', 'ACME')).toBe(true);
    expect(can(comAdmin, 'ACME', 'user.edit', 'ACME')).toBe(true);
    expect(can(comAdmin, 'ACME', 'user.view', 'OTHER')).toBe(false);
    expect(can(comAdmin, 'ACME', 'resend.edit', 'ACME')).toBe(true);
    expect(can(['ACME/cap-manager'], 'ACME', 'user.view', 'ACME')).toBe(false);
  });

  it('lets only the owner edit platform owner accounts', () => {
    expect(can(admin, 'HQ', 'platformOwner.view', 'HQ')).toBe(true);
    expect(can(admin, 'HQ', 'platformOwner.edit', 'HQ')).toBe(false);
    expect(can(owner, 'HQ', 'platformOwner.edit', 'HQ')).toBe(true);
    expect(can(comAdmin, 'ACME', 'platformOwner.view', 'ACME')).toBe(false);
  });

  it('keeps companies to the global admins', () => {
    expect(can(admin, 'HQ', 'company.edit', 'ACME')).toBe(true);
    expect(can(comAdmin, 'ACME', 'company.view', 'ACME')).toBe(false);
  });

  it('lets the model role and company admins view models, only the owner edit', () => {
    expect(can(owner, 'HQ', 'model.edit', 'HQ')).toBe(true);
    expect(can(admin, 'HQ', 'model.edit', 'HQ')).toBe(false);
    expect(can(['HQ/mdl-viewer'], 'HQ', 'model.view', 'ACME')).toBe(true);
    expect(can(viewer, 'ACME', 'model.view', 'ACME')).toBe(true);
    expect(can(viewer, 'ACME', 'model.view', 'OTHER')).toBe(false);
    expect(can(comAdmin, 'ACME', 'model.view', 'ACME')).toBe(true);
    expect(can(comAdmin, 'ACME', 'model.edit', 'ACME')).toBe(false);
  });

  it('ignores a global role held outside the platform company', () => {
    expect(can(['ACME/plf-owner'], 'ACME', 'company.edit', 'ACME')).toBe(false);
  });

  it('refuses an unknown action at run time', () => {
    // biome-ignore lint/suspicious/noExplicitAny: simulating untyped input
    expect(can(owner, 'HQ', 'toString.view' as any, 'HQ')).toBe(false);
    // biome-ignore lint/suspicious/noExplicitAny: simulating untyped input
    expect(can(owner, 'HQ', 'user.delete' as any, 'HQ')).toBe(false);
    expect(Object.keys(PERMISSION_MATRIX)).toEqual([
      'user',
      'platformOwner',
      'resend',
      'company',
      'model',
    ]);
  });
});
