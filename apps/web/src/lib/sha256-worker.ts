import { SHA256_CHUNK_BYTES } from '@tkc/contracts/constants';
import { createSHA256 } from 'hash-wasm';

// The file's SHA-256 off the page's thread (docs/signer.md#hashing): read in slices of
// SHA256_CHUNK_BYTES, the next slice read while the current one is hashed, progress posted
// at most every 100 ms.

export type HashRequest = { file: Blob };
export type HashMessage =
  | { type: 'progress'; bytes: number }
  | { type: 'done'; sha256: string; bytes: number }
  | { type: 'error'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage: (message: HashMessage) => void;
};

const PROGRESS_EVERY_MS = 100;

async function hash(file: Blob): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  const slice = (at: number) =>
    file.slice(at, Math.min(at + SHA256_CHUNK_BYTES, file.size)).arrayBuffer();
  let lastPost = 0;
  let next = file.size > 0 ? slice(0) : null;
  for (let at = 0; next; ) {
    const bytes = new Uint8Array(await next);
    at += bytes.length;
    next = at < file.size ? slice(at) : null;
    hasher.update(bytes);
    const now = performance.now();
    if (now - lastPost >= PROGRESS_EVERY_MS) {
      lastPost = now;
      scope.postMessage({ type: 'progress', bytes: at });
    }
  }
  return hasher.digest('hex');
}

scope.onmessage = (event) => {
  const { file } = event.data;
  hash(file).then(
    (sha256) => scope.postMessage({ type: 'done', sha256, bytes: file.size }),
    (error: unknown) =>
      scope.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
