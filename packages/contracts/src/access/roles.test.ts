import { describe, expect, it } from 'vitest';
import {
  hasManagementRole,
  hasRole,
  isGlobalAdmin,
  isManagementRole,
  parseRole,
  ROLE_GROUPS,
  roleBadges,
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

  it('skips malformed entries and still finds the good ones', () => {
    expect(hasRole(['junk', 'A/B/cap-user', 'ACME/cap-user'], 'cap-user', 'ACME')).toBe(true);
    expect(hasRole(['junk', 'ACME/no-such-role'], 'cap-user')).toBe(false);
  });

  it('tells whether a roles list holds a management role where it counts', () => {
    expect(hasManagementRole(['junk', 'ACME/com-admin'])).toBe(true);
    expect(hasManagementRole(['HQ/plf-admin'])).toBe(true);
    expect(hasManagementRole(['ACME/plf-owner'])).toBe(false);
    expect(hasManagementRole(['PLAT/plf-owner'], 'PLAT')).toBe(true);
    expect(hasManagementRole(['ACME/cap-user', 'ACME/com-admin'])).toBe(true);
    expect(hasManagementRole(['ACME/cap-user'])).toBe(false);
    expect(hasManagementRole([])).toBe(false);
  });

  it('knows the management roles', () => {
    expect(
      ['plf-owner', 'plf-admin', 'com-admin', 'cap-manager', ''].map(isManagementRole),
    ).toEqual([true, true, true, false, false]);
  });

  it('gives the labelled badges of well-formed roles', () => {
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
});
