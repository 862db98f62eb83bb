import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, can, canAsFeatureRole, heldGrants, isAction, scopeOf } from './permissions';
import { renderPermissionsDoc } from './permissions-doc';

const owner = { roles: ['HQ/plf-owner'], companyCode: 'HQ' };
const admin = { roles: ['HQ/plf-admin'], companyCode: 'HQ' };
const comAdmin = { roles: ['ACME/com-admin'], companyCode: 'ACME' };
const viewer = { roles: ['ACME/mdl-viewer'], companyCode: 'ACME' };
const as = (roles: string[], companyCode = 'ACME') => ({ roles, companyCode });

describe('permission catalogue', () => {
  it('lets both global admins manage users of any company, company admins only their own', () => {
    expect(can(owner, 'user.edit', 'ACME')).toBe(true);
    expect(can(admin, 'user.edit', 'ACME')).toBe(true);
    expect(scopeOf(admin, 'user.view')).toBe('all');
    expect(can(comAdmin, 'user.edit', 'ACME')).toBe(true);
    expect(can(comAdmin, 'user.view', 'OTHER')).toBe(false);
    expect(scopeOf(comAdmin, 'user.view')).toBe('own');
    expect(can(comAdmin, 'user.resend', 'ACME')).toBe(true);
    expect(can(as(['ACME/cap-manager']), 'user.view', 'ACME')).toBe(false);
  });

  it('lets only the owner edit platform owner accounts', () => {
    expect(can(admin, 'platformOwner.view', 'HQ')).toBe(true);
    expect(can(admin, 'platformOwner.edit', 'HQ')).toBe(false);
    expect(can(owner, 'platformOwner.edit', 'HQ')).toBe(true);
    expect(can(comAdmin, 'platformOwner.view', 'ACME')).toBe(false);
  });

  it('keeps companies to the global admins; a company admin reads their own licences', () => {
    expect(can(admin, 'company.edit', 'ACME')).toBe(true);
    expect(can(comAdmin, 'company.view', 'ACME')).toBe(false);
    expect(can(comAdmin, 'company.licences.view', 'ACME')).toBe(true);
    expect(can(comAdmin, 'company.licences.view', 'OTHER')).toBe(false);
  });

  it('lets the model role and company admins see prefixes, only the owner edit models', () => {
    expect(can(owner, 'model.edit')).toBe(true);
    expect(can(admin, 'model.edit')).toBe(false);
    expect(can(as(['HQ/mdl-viewer'], 'HQ'), 'model.prefix.view', 'ACME')).toBe(true);
    expect(can(viewer, 'model.prefix.view', 'ACME')).toBe(true);
    expect(can(viewer, 'model.prefix.view', 'OTHER')).toBe(false);
    expect(can(comAdmin, 'model.prefix.view', 'ACME')).toBe(true);
    expect(can(comAdmin, 'model.edit')).toBe(false);
  });

  it('keeps the erase log to the key-erase role (own company) and the global admins (all)', () => {
    expect(scopeOf(as(['ACME/erk-user']), 'erase.log.view')).toBe('own');
    expect(scopeOf(admin, 'erase.log.view')).toBe('all');
    expect(scopeOf(comAdmin, 'erase.log.view')).toBeNull();
    // Only the key-erase role authorises, global admins included.
    expect(can(owner, 'erase.authorize')).toBe(false);
    expect(can(as(['ACME/erk-user']), 'erase.authorize', 'ACME')).toBe(true);
  });

  it('verifies the audit chain only for the global admins (its counts are platform-wide)', () => {
    expect(can(admin, 'audit.verify')).toBe(true);
    expect(can(comAdmin, 'audit.verify')).toBe(false);
    expect(scopeOf(comAdmin, 'audit.view')).toBe('own');
    expect(scopeOf(comAdmin, 'audit.export')).toBe('own');
  });

  it('lets approval to the managers of the company only', () => {
    expect(can(as(['ACME/sig-manager']), 'signer.approve', 'ACME')).toBe(true);
    expect(can(as(['ACME/sig-manager']), 'signer.approve', 'OTHER')).toBe(false);
    expect(can(as(['ACME/sig-user']), 'signer.approve', 'ACME')).toBe(false);
    expect(can(owner, 'signer.approve', 'ACME')).toBe(false);
    expect(can(as(['ACME/crt-manager']), 'crt.approve', 'ACME')).toBe(true);
    expect(can(as(['ACME/crt-user']), 'crt.approve', 'ACME')).toBe(false);
  });

  it('opens KCG inside the certificate group to kcg-manager or any user of the HQSC company', () => {
    expect(can(as(['HQSC/crt-user'], 'HQSC'), 'kcg.manage')).toBe(true);
    expect(can({ ...as(['SEC/crt-user'], 'SEC'), hqscCode: 'SEC' }, 'kcg.manage')).toBe(true);
    expect(can(as(['HQ/plf-owner', 'HQ/kcg-manager'], 'HQ'), 'kcg.manage')).toBe(true);
    expect(can(owner, 'kcg.manage')).toBe(false);
    expect(can(as(['HQSC/erk-user'], 'HQSC'), 'kcg.manage')).toBe(false);
  });

  it('tells a grant through a feature role from one through a management role', () => {
    expect(canAsFeatureRole(as(['ACME/cap-user']), 'cap.general')).toBe(true);
    expect(canAsFeatureRole(comAdmin, 'cap.general')).toBe(false);
    expect(can(comAdmin, 'cap.general', 'ACME')).toBe(true);
    expect(canAsFeatureRole(owner, 'signer.view')).toBe(false);
    // A global admin who also holds the feature role: one of the grants is the feature's.
    expect(canAsFeatureRole(as(['HQ/plf-admin', 'HQ/cap-user'], 'HQ'), 'cap.general')).toBe(true);
  });

  it('ignores a global role held outside the platform company', () => {
    expect(can(as(['ACME/plf-owner']), 'company.edit', 'ACME')).toBe(false);
    expect(heldGrants(as(['ACME/plf-admin']), 'user.view')).toEqual([]);
  });

  it('knows only its own actions', () => {
    expect(isAction('user.view')).toBe(true);
    expect(isAction('toString')).toBe(false);
    expect(isAction('user.delete')).toBe(false);
    expect(ACTIONS.length).toBeGreaterThan(20);
  });
});

describe('docs/permissions.md', () => {
  it('is the table the catalogue generates (run `npm run docs:permissions` after a change)', () => {
    const file = new URL('../../../../docs/permissions.md', import.meta.url);
    expect(readFileSync(file, 'utf8')).toBe(renderPermissionsDoc());
  });
});
