import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));
/**
 * E2E_SCREENSHOTS=1 writes the pictures of docs/screenshots/ (docs/testing.md). Off by default:
 * each waits for the last toast to go (up to three seconds) and would rewrite tracked files.
 */
export const isShooting = process.env.E2E_SCREENSHOTS === '1';
