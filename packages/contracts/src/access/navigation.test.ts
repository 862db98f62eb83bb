import { describe, expect, it } from 'vitest';
import type { FeatureFlags } from '../api/system';
import {
  canEnterRoute,
  canFetchEraseFailures,
  carouselSlidesPerView,
  dashboardCards,
  dashboardHeading,
  keyEraseLanding,
  type MenuItem,
  matchRoute,
  menuItems,
} from './navigation';

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
  idleTimeoutS: 1200,
  platformCompanyCode: 'HQ',
  hqscCompanyCode: 'HQSC',
};

/** Menu as 'Label path' lines, children indented, for readable expectations. */
const outline = (items: MenuItem[], indent = ''): string[] =>
  items.flatMap((i) => [
    `${indent}${i.label}${i.path ? ` ${i.path}` : ''}`,
    ...outline(i.children ?? [], `${indent}  `),
  ]);

const ctx = (roles: string[], companyCode = 'ACME') => ({ roles, companyCode });

describe('menuItems', () => {
  it('shows a platform owner every entry with its path', () => {
    expect(outline(menuItems(ctx(['HQ/plf-owner'], 'HQ'), allOn))).toEqual([
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
      outline(menuItems({ roles, companyCode: company, hqscCode: hqsc }, allOn)).map((l) =>
        l.trim(),
      );
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
    expect(outline(menuItems(ctx(['ACME/erk-user']), allOn))).toEqual([
      'Dashboard /dashboard',
      'User Guide /guide',
      'Key Erase /key-erase/instruction',
      'Account and Settings /account/settings',
      'Model /model',
    ]);
  });

  it('shows a company admin users and audit but not companies', () => {
    const lines = outline(menuItems(ctx(['ACME/com-admin']), allOn));
    expect(lines).toContain('User /admin/user');
    expect(lines).toContain('Audit Log /admin/audit');
    expect(lines).not.toContain('Company');
    // CAP Maker General opens to the company-admin check; the group shows while the
    // key-capability flag is on (docs/product.md#menu), and not without it.
    expect(lines).toContain('  General /cap-maker');
    expect(
      outline(menuItems(ctx(['ACME/com-admin']), { ...allOn, capKeyEnabled: false })),
    ).not.toContain('CAP Maker');
  });

  it('shows the CAP Maker group to the certificate roles only while the key-capability flag is on', () => {
    const crt = ctx(['ACME/crt-user']);
    expect(outline(menuItems(crt, allOn))).toEqual(
      expect.arrayContaining(['CAP Maker', '  Certificate /cap-maker/crt/crt']),
    );
    expect(outline(menuItems(crt, { ...allOn, capKeyEnabled: false }))).not.toContain('CAP Maker');
    // The CAP roles and the global admins see it either way.
    const capUser = outline(menuItems(ctx(['ACME/cap-user']), { ...allOn, capKeyEnabled: false }));
    expect(capUser).toContain('CAP Maker');
  });

  it('hides Signer when the signer flag is off, and CAP items by their flags', () => {
    const roles = ['ACME/sig-manager', 'ACME/cap-user'];
    expect(outline(menuItems(ctx(roles), allOn))).toContain('Signer /signer');
    expect(outline(menuItems(ctx(roles), { ...allOn, signerEnabled: false }))).not.toContain(
      'Signer /signer',
    );
    const capOnlyKey = outline(menuItems(ctx(roles), { ...allOn, capEnabled: false }));
    expect(capOnlyKey).toContain('CAP Maker');
    expect(capOnlyKey).toContain('  Key /cap-maker/key');
    expect(capOnlyKey).not.toContain('  General /cap-maker');
    const noCap = outline(
      menuItems(ctx(roles), { ...allOn, capEnabled: false, capKeyEnabled: false }),
    );
    expect(noCap).not.toContain('CAP Maker');
  });
});

describe('route access', () => {
  it('follows the route table of docs/product.md#routes', () => {
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
    expect(keyEraseLanding(ctx(['A/erk-user'], 'A'))).toBe('/key-erase/instruction');
    expect(keyEraseLanding(ctx(['HQ/plf-owner', 'HQ/erk-user'], 'HQ'))).toBe(
      '/key-erase/instruction',
    );
    expect(keyEraseLanding(ctx(['HQ/plf-owner'], 'HQ'))).toBe('/key-erase/log');
  });
});

describe('dashboard', () => {
  const names = (roles: string[]) => {
    const companyCode = roles[0]!.split('/')[0]!;
    const { features, manage } = dashboardCards({ roles, companyCode });
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
    const { features } = dashboardCards(ctx(['A/sig-user'], 'A'), {
      ...allOn,
      signerEnabled: false,
    });
    expect(features).toMatchObject([{ name: 'Signer', isEnabled: false, link: '/signer' }]);
  });

  it('titles the carousel and sizes it', () => {
    expect(dashboardHeading(['A/cap-user'])).toBe('Feature');
    expect(dashboardHeading(['A/com-admin'])).toBe('Feature & Manage');
    expect([0, 1, 2, 4].map(carouselSlidesPerView)).toEqual([1, 1, 2, 2]);
  });

  it('fetches failed erases only for those who may read the erase log', () => {
    expect(canFetchEraseFailures(ctx(['A/erk-user'], 'A'))).toBe(true);
    expect(canFetchEraseFailures(ctx(['HQ/plf-admin'], 'HQ'))).toBe(true);
    // The erase log is the key-erase role's and the global admins' (docs/product.md#routes).
    expect(canFetchEraseFailures(ctx(['A/com-admin'], 'A'))).toBe(false);
  });
});
