import type { tdesKeyBody } from '@tkc/contracts/api/cap';
import { cmac } from '@tkc/formats/keys/cmac';
import { wrapTr31 } from '@tkc/formats/keys/tr31';
import { generateTripleDesKey, kcv } from '@tkc/formats/keys/triple-des';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import { withFormatRefusal } from './cap-service';

// A fresh Triple-DES key for the key-generation centre (docs/cap-maker.md#api), returned only
// inside a TR-31 key block under the caller's key block protection key (docs/formats/cap.md#7-tr-31-key-blocks):
// a Triple-DES KBPK gives a version B block, an AES KBPK a version D block. Neither key is kept
// or logged; the audit event holds the check values only.

export type TdesKeyInput = z.output<typeof tdesKeyBody>;

/**
 * The KBPK's check value, 6 hex digits: Triple-DES-ECB of a zero block for a Triple-DES key;
 * for an AES key, AES-CMAC of a zero block (the AES KCV of ANSI X9.24-1:2017), first 3 bytes.
 */
function kbpkCheckValue(algorithm: 'tdes' | 'aes', kbpk: Uint8Array): string {
  if (algorithm === 'tdes') return kcv(kbpk);
  return cmac('aes', kbpk, new Uint8Array(16)).subarray(0, 3).toString('hex').toUpperCase();
}

/** POST /cap/tdes-keys */
export async function createTdesKey(deps: { db: Db }, actor: ActorContext, body: TdesKeyInput) {
  const kbpk = Buffer.from(body.kbpk, 'hex');
  const key = generateTripleDesKey(body.key_length);
  try {
    const tr31 = withFormatRefusal(() =>
      wrapTr31({
        kbpk,
        header: {
          version: body.kbpk_algorithm === 'tdes' ? 'B' : 'D',
          keyUsage: body.key_usage,
          algorithm: 'T',
          modeOfUse: body.mode_of_use,
          keyVersion: '00',
          exportability: body.exportability,
          optionalBlocks: [],
        },
        key,
      }),
    );
    const answer = {
      key_length: key.length,
      kcv: kcv(key),
      kbpk_kcv: kbpkCheckValue(body.kbpk_algorithm, kbpk),
      tr31,
    };
    await deps.db.transaction((tx) =>
      recordActorAudit(tx, actor, {
        action: 'cap.tdes_key.create',
        companyId: actor.companyId,
        target: `kcv:${answer.kcv}`,
        detail: {
          length: answer.key_length,
          kcv: answer.kcv,
          kbpkKcv: answer.kbpk_kcv,
          usage: body.key_usage,
          modeOfUse: body.mode_of_use,
          exportability: body.exportability,
        },
      }),
    );
    return answer;
  } finally {
    key.fill(0);
    kbpk.fill(0);
  }
}
