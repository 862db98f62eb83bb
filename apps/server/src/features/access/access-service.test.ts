import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/support/actor-fixture';
import { AppError } from '../../lib/errors';
import { assertCan, assertCanGrant, assertCanTouchUser, listScope } from './access-service';

// The row-level checks the services make after the route hook (docs/security.md#route-access):
// another company's row answers 404 (ids tell nothing), one's own 403; who may grant which role.

const actor = testActor;
const owner = actor(['HQ/plf-owner'], 'HQ');
const admin = actor(['HQ/plf-admin'], 'HQ');
const comAdmin = actor(['ACME/com-admin']);
const capUser = actor(['ACME/cap-user']);

const codeOf = (check: () => void): string => {
  try {
    check();
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('assertCan', () => {
  it('allows within the grant, 403 in one’s own company, 404 in another', () => {
    expect(codeOf(() => assertCan(comAdmin, 'user.view', 'ACME'))).toBe('allowed');
    expect(codeOf(() => assertCan(owner, 'user.view', 'ACME'))).toBe('allowed');
    expect(codeOf(() => assertCan(capUser, 'user.view', 'ACME'))).toBe('access.forbidden');
    expect(codeOf(() => assertCan(comAdmin, 'user.view', 'OTHER'))).toBe('request.not_found');
  });
});

describe('listScope', () => {
  it('all for a platform grant, the own company for a company grant, else 403', () => {
    expect(listScope(admin, 'user.view')).toEqual({ isAll: true });
    expect(listScope(comAdmin, 'user.view')).toEqual({ isAll: false, companyCode: 'ACME' });
    expect(codeOf(() => listScope(capUser, 'user.view'))).toBe('access.forbidden');
  });
});

describe('assertCanGrant', () => {
  it('platform roles only in the platform company', () => {
    expect(() => assertCanGrant(owner, ['cap-user', 'plf-admin'], 'ACME')).toThrow(
      expect.objectContaining({ params: { role: 'plf-admin' } }),
    );
    expect(codeOf(() => assertCanGrant(owner, ['plf-admin'], 'ACME'))).toBe(
      'user.platform_role_only',
    );
    expect(codeOf(() => assertCanGrant(owner, ['plf-owner'], 'ACME'))).toBe(
      'user.platform_role_only',
    );
    expect(codeOf(() => assertCanGrant(owner, ['com-admin', 'cap-user'], 'ACME'))).toBe('allowed');
  });

  it('plf-owner only by a platform owner, plf-admin by either global admin', () => {
    expect(codeOf(() => assertCanGrant(owner, ['plf-owner'], 'HQ'))).toBe('allowed');
    expect(codeOf(() => assertCanGrant(admin, ['plf-owner'], 'HQ'))).toBe(
      'user.only_owner_grants_owner',
    );
    expect(codeOf(() => assertCanGrant(admin, ['plf-admin'], 'HQ'))).toBe('allowed');
    expect(codeOf(() => assertCanGrant(owner, ['plf-admin'], 'HQ'))).toBe('allowed');
  });

  it('a company admin of the platform company grants neither global role', () => {
    const hqAdmin = actor(['HQ/com-admin'], 'HQ');
    expect(codeOf(() => assertCanGrant(hqAdmin, ['cap-user'], 'HQ'))).toBe('allowed');
    expect(codeOf(() => assertCanGrant(hqAdmin, ['plf-admin'], 'HQ'))).toBe(
      'user.only_admin_grants_admin',
    );
    expect(codeOf(() => assertCanGrant(hqAdmin, ['plf-owner'], 'HQ'))).toBe(
      'user.only_owner_grants_owner',
    );
  });

  it('needs user.edit in the target company first', () => {
    expect(codeOf(() => assertCanGrant(comAdmin, ['cap-user'], 'OTHER'))).toBe('request.not_found');
    expect(codeOf(() => assertCanGrant(capUser, ['cap-user'], 'ACME'))).toBe('access.forbidden');
  });
});

describe('assertCanTouchUser', () => {
  const ownerAccount = { companyCode: 'HQ', roles: ['HQ/plf-owner'] };
  const plainAccount = { companyCode: 'HQ', roles: ['HQ/cap-user'] };

  it('both admins view an owner account, only an owner edits it', () => {
    expect(codeOf(() => assertCanTouchUser(admin, ownerAccount, 'view'))).toBe('allowed');
    expect(codeOf(() => assertCanTouchUser(admin, ownerAccount, 'edit'))).toBe('access.forbidden');
    expect(codeOf(() => assertCanTouchUser(owner, ownerAccount, 'edit'))).toBe('allowed');
    expect(codeOf(() => assertCanTouchUser(admin, plainAccount, 'edit'))).toBe('allowed');
    const ownerAmongOthers = { companyCode: 'HQ', roles: ['HQ/cap-user', 'HQ/plf-owner'] };
    expect(codeOf(() => assertCanTouchUser(admin, ownerAmongOthers, 'edit'))).toBe(
      'access.forbidden',
    );
  });

  it('a company admin of the platform company touches neither', () => {
    const hqAdmin = actor(['HQ/com-admin'], 'HQ');
    expect(codeOf(() => assertCanTouchUser(hqAdmin, plainAccount, 'edit'))).toBe('allowed');
    expect(codeOf(() => assertCanTouchUser(hqAdmin, ownerAccount, 'view'))).toBe(
      'access.forbidden',
    );
  });

  it('checks user access to the account’s company first', () => {
    expect(codeOf(() => assertCanTouchUser(comAdmin, plainAccount, 'view'))).toBe(
      'request.not_found',
    );
  });
});
