import { SHA256_CHUNK_BYTES } from '@tkc/contracts/constants';
import { createSHA256 } from 'hash-wasm';
import type { SliceMessage } from './file-slice-reader';

// The file's SHA-256 off the page's thread (docs/signer.md#hashing): the slices come from the
// reader worker through `port` in file order; each is hashed with hash-wasm one SHA256_CHUNK_BYTES
// chunk per update and answered so the reader may read one more. Progress is posted at most every
// 100 ms.

export type HashRequest = { port: MessagePort };
export type HashMessage =
  | { type: 'progress'; bytes: number }
  | { type: 'done'; sha256: string; bytes: number }
  | { type: 'error'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage: (message: HashMessage) => void;
};

const PROGRESS_EVERY_MS = 100;

async function hash(port: MessagePort): Promise<void> {
  const hasher = await createSHA256();
  hasher.init();
  let hashed = 0;
  let lastPost = 0;
  port.onmessage = (event: MessageEvent<SliceMessage>) => {
    const message = event.data;
    if (message.type === 'slice') {
      const bytes = new Uint8Array(message.bytes);
      for (let at = 0; at < bytes.length; at += SHA256_CHUNK_BYTES) {
        hasher.update(bytes.subarray(at, at + SHA256_CHUNK_BYTES));
      }
      hashed += message.bytes.byteLength;
      port.postMessage('hashed');
      const now = performance.now();
      if (now - lastPost >= PROGRESS_EVERY_MS) {
        lastPost = now;
        scope.postMessage({ type: 'progress', bytes: hashed });
      }
    } else if (message.type === 'end') {
      scope.postMessage({ type: 'done', sha256: hasher.digest('hex'), bytes: hashed });
    } else scope.postMessage(message);
  };
}

scope.onmessage = (event) => {
  hash(event.data.port).catch((error: unknown) =>
    scope.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    }),
  );
};
