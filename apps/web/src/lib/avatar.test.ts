import { describe, expect, it } from 'vitest';
import { avatarFor, generatedAvatar, identiconPattern, isPlaceholderAvatar } from './avatar';

describe('generated avatar', () => {
  it('is stable for an address, whatever its case or spaces', () => {
    expect(generatedAvatar(' Ann@Example.com')).toBe(generatedAvatar('ann@example.com'));
  });

  it('differs between addresses', () => {
    expect(generatedAvatar('ann@example.com')).not.toBe(generatedAvatar('bob@example.com'));
  });

  it('is mirrored left to right', () => {
    const { cells } = identiconPattern('ann@example.com');
    for (const line of cells) expect(line).toEqual([...line].reverse());
  });

  it('replaces missing and placeholder avatars only', () => {
    expect(isPlaceholderAvatar('')).toBe(true);
    expect(isPlaceholderAvatar('https://example.com/placeholder.png')).toBe(true);
    expect(avatarFor({ avatar: '', email: 'a@b.c' })).toMatch(/^data:image\/svg\+xml/);
    expect(avatarFor({ avatar: 'data:image/png;base64,AAAA', email: 'a@b.c' })).toBe(
      'data:image/png;base64,AAAA',
    );
  });
});
