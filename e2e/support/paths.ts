import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));
