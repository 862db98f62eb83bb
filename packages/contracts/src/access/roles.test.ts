import { describe, expect, it } from 'vitest';
import {
  canManageUsers,
  capabilities,
  featureRole,
  hasRole,
  isCompanyAdmin,
  isGlobalAdmin,
  isManagementRole,
  parseRole,
  ROLE_GROUPS,
  roleBadges,
  roleLabel,
  withFeatureRole,
} from './roles';

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
  it('has the groups of docs/product.md#roles', () => {
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
