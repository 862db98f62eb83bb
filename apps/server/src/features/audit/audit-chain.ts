import { sha256Hex } from '../../lib/crypto';

export const GENESIS_HASH = '0'.repeat(64);

export type ChainedContent = {
  createdAt: Date;
  actorUserId: string | null;
  actorEmail: string;
  companyId: string | null;
  action: string;
  target: string;
  ip: string;
  result: string;
  detail: Record<string, unknown>;
};

/** Keys sorted at every depth, so the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function chainHash(prevHash: string, content: ChainedContent): string {
  const canonical = canonicalJson({
    ...content,
    createdAt: content.createdAt.toISOString(),
  });
  return sha256Hex(`${prevHash}\n${canonical}`);
}
