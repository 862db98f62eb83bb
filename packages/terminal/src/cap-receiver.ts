import { bytesEqual, copyBytes, utf8 } from './bytes';
import { CAP_TRANSFER_REASONS, decodeLoadCapFields } from './cap-transfer';
import { encodeReply, RESULT_FAILURE, RESULT_OK } from './protocol';

// The terminal side of LOAD CAP: collects the chunks, checks length and digest, and hands the
// CAP to the terminal's User Loader. The ULD is injected (this package knows no CAP format).

/** What the terminal needs of a User Loader (the software ULD in @tkc/formats fits). */
export type TerminalUld = {
  loadCap(bytes: Uint8Array): Promise<CapLoadOutcome>;
  revertToDefault(): void | Promise<void>;
  /** The certificate chain (PEM) a Certificate CAP installed; null before one. */
  certificatePem?(): string | null;
};

export type CapLoadOutcome = {
  ok: boolean;
  reason?: string;
  keysChanged?: boolean;
  /** A Certificate CAP for this terminal: its new chain, sent back with 620000. */
  certificatePem?: string;
};

export type CapReceiver = {
  /** The reply payload to one LOAD CAP command; null for fields of no phase (INVALID_PARA). */
  handle(fields: readonly Uint8Array[]): Promise<Uint8Array | null>;
  /** Every finished transfer's outcome, in order. */
  readonly outcomes: readonly CapLoadOutcome[];
};

/** Simulated terminals hold a CAP in memory; this is the largest they accept by default. */
const DEFAULT_MAX_CAP_BYTES = 256 * 1024 * 1024;

export function createCapReceiver(o: {
  uld?: TerminalUld;
  maxBytes?: number;
  /** Told of each CAP the ULD has checked. */
  onOutcome?: (outcome: CapLoadOutcome) => void;
}): CapReceiver {
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_CAP_BYTES;
  const outcomes: CapLoadOutcome[] = [];
  let transfer: { buffer: Uint8Array; received: number; sha256: Uint8Array } | null = null;
  const fail = (reason: string) => encodeReply(RESULT_FAILURE, [utf8(reason)]);

  const end = async (): Promise<Uint8Array> => {
    const t = transfer;
    transfer = null;
    if (!t) return fail(CAP_TRANSFER_REASONS.notStarted);
    if (t.received !== t.buffer.length) return fail(CAP_TRANSFER_REASONS.incomplete);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', copyBytes(t.buffer)));
    if (!bytesEqual(digest, t.sha256)) return fail(CAP_TRANSFER_REASONS.digestMismatch);
    const outcome = await o.uld!.loadCap(t.buffer);
    const recorded = {
      ok: outcome.ok,
      reason: outcome.reason,
      keysChanged: outcome.keysChanged,
      ...(outcome.certificatePem ? { certificatePem: outcome.certificatePem } : {}),
    };
    outcomes.push(recorded);
    o.onOutcome?.(recorded);
    if (!outcome.ok) return fail(outcome.reason || CAP_TRANSFER_REASONS.refused);
    // A Certificate CAP is answered with the new certificate chain the terminal now holds.
    return encodeReply(RESULT_OK, outcome.certificatePem ? [utf8(outcome.certificatePem)] : []);
  };

  return {
    outcomes,
    async handle(fields) {
      const c = decodeLoadCapFields(fields);
      if (!c) return null;
      if (!o.uld) return fail(CAP_TRANSFER_REASONS.noUld);
      switch (c.phase) {
        case 'begin':
          transfer = null;
          if (c.total > maxBytes) return fail(CAP_TRANSFER_REASONS.tooLarge);
          transfer = { buffer: new Uint8Array(c.total), received: 0, sha256: c.sha256 };
          return encodeReply(RESULT_OK);
        case 'data': {
          const t = transfer;
          if (!t) return fail(CAP_TRANSFER_REASONS.notStarted);
          if (c.offset !== t.received) {
            transfer = null;
            return fail(CAP_TRANSFER_REASONS.outOfSequence);
          }
          if (t.received + c.chunk.length > t.buffer.length) {
            transfer = null;
            return fail(CAP_TRANSFER_REASONS.tooLarge);
          }
          t.buffer.set(c.chunk, t.received);
          t.received += c.chunk.length;
          return encodeReply(RESULT_OK);
        }
        case 'end':
          return end();
      }
    },
  };
}
