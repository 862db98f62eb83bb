import { describe, expect, it } from 'vitest';
import { activeMenuPath } from './side-menu';

describe('activeMenuPath', () => {
  const paths = ['/dashboard', '/admin/company', '/admin/company/sn', '/admin/user', undefined];
  it('marks the deepest entry a page lies under', () => {
    expect(activeMenuPath('/admin/company/sn', paths)).toBe('/admin/company/sn');
    expect(activeMenuPath('/admin/company', paths)).toBe('/admin/company');
    expect(activeMenuPath('/admin/company/ABC', paths)).toBe('/admin/company');
  });
  it('marks nothing for a page outside the menu, and does not match by bare prefix', () => {
    expect(activeMenuPath('/admin/users', paths)).toBeUndefined();
    expect(activeMenuPath('/account/settings', paths)).toBeUndefined();
  });
});
