import { sha256Hex } from '../../lib/crypto';
import { toStorableText } from '../../lib/text';

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
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    // An object's keys are distinct: no two compare equal.
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function chainHash(prevHash: string, content: ChainedContent): string {
  const canonical = canonicalJson({
    ...content,
    createdAt: content.createdAt.toISOString(),
  });
  return sha256Hex(`${prevHash}\n${canonical}`);
}

/**
 * The canonical content in two parts around its time, for an append whose time is taken in the
 * database after the chain's lock (migration 0015): `before + createdAt.toISOString() + after`
 * is the text `chainHash` hashes. The keys below `createdAt` sort before it and the rest after.
 */
export function chainHashParts(content: Omit<ChainedContent, 'createdAt'>) {
  const { action, actorEmail, actorUserId, companyId, detail, ip, result, target } = content;
  const head = canonicalJson({ action, actorEmail, actorUserId, companyId });
  const tail = canonicalJson({ detail, ip, result, target });
  return { before: `${head.slice(0, -1)},"createdAt":"`, after: `",${tail.slice(1)}` };
}

/**
 * A value as PostgreSQL will store it: NUL has no place in text or jsonb, and a lone UTF-16
 * surrogate becomes U+FFFD on the way in. The chain hashes this form, so what is stored is
 * exactly what was hashed (docs/security.md#audit-chain).
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [storable(k), storable(v)]),
    ) as T;
  }
  return value;
}
