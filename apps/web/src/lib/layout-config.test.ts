import { describe, expect, it } from 'vitest';
import { defaultLayout, mergeLayout } from './layout-config';

describe('layout configuration', () => {
  it('defaults to side menu shown, header hidden, dark skin, blue', () => {
    expect(defaultLayout).toEqual({
      isSideMenuShown: true,
      isHeaderShown: false,
      isDarkSkin: true,
      primaryColor: 'blue',
    });
    expect(mergeLayout(null)).toEqual(defaultLayout);
  });

  it('keeps valid stored values and drops malformed ones', () => {
    expect(mergeLayout({ isDarkSkin: false, primaryColor: 'teal', isHeaderShown: 'yes' })).toEqual({
      ...defaultLayout,
      isDarkSkin: false,
      primaryColor: 'teal',
    });
    expect(mergeLayout({ primaryColor: '</style>' }).primaryColor).toBe('blue');
  });
});
