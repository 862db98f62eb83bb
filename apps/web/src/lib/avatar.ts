import { sha256Bytes } from './sha256';

// docs/product.md#current-user: a missing or placeholder avatar is drawn from a hash of the e-mail. It is
// drawn here (a 5x5 mirrored identicon) rather than fetched from a third-party service.

const PLACEHOLDER_PATTERNS = [/placeholder/i, /blank/i, /default[-_]?avatar/i, /^\s*$/];

export function isPlaceholderAvatar(avatar: string | null | undefined): boolean {
  if (!avatar) return true;
  return PLACEHOLDER_PATTERNS.some((re) => re.test(avatar));
}

/** The 5x5 cell pattern (left three columns mirrored) and hue derived from the e-mail. */
export function identiconPattern(email: string): { cells: boolean[][]; hue: number } {
  const hash = sha256Bytes(new TextEncoder().encode(email.trim().toLowerCase()));
  const cells: boolean[][] = [];
  for (let row = 0; row < 5; row++) {
    const line: boolean[] = [];
    for (let col = 0; col < 3; col++) line.push((hash[row * 3 + col]! & 1) === 1);
    cells.push([line[0]!, line[1]!, line[2]!, line[1]!, line[0]!]);
  }
  const hue = ((hash[30]! << 8) | hash[31]!) % 360;
  return { cells, hue };
}

/** An SVG data URL for the e-mail's generated avatar. */
export function generatedAvatar(email: string): string {
  const { cells, hue } = identiconPattern(email);
  let rects = '';
  cells.forEach((line, y) => {
    line.forEach((on, x) => {
      if (on) rects += `<rect x="${x + 1}" y="${y + 1}" width="1" height="1"/>`;
    });
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges">` +
    `<rect width="7" height="7" fill="hsl(${hue} 45% 92%)"/>` +
    `<g fill="hsl(${hue} 55% 45%)">${rects}</g></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** The avatar to show: the user's own when set, else the generated one. */
export function avatarFor(user: { avatar?: string | null; email: string }): string {
  return isPlaceholderAvatar(user.avatar) ? generatedAvatar(user.email) : user.avatar!;
}
