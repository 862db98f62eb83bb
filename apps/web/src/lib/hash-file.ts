import type { ReadRequest } from './file-slice-reader';
import type { HashMessage, HashRequest } from './sha256-worker';

// Starts the two hashing workers for one file (docs/signer.md#hashing), one reading slices and one
// hashing them, joined by a MessageChannel; the Signer and CAP Maker use it.

export type FileHashing = {
  /** The SHA-256 (lowercase hex). */
  done: Promise<string>;
  cancel: () => void;
};

export function hashFile(file: Blob, onProgress: (hashedBytes: number) => void): FileHashing {
  const worker = new Worker(new URL('./sha256-worker.ts', import.meta.url), { type: 'module' });
  const reader = new Worker(new URL('./file-slice-reader.ts', import.meta.url), { type: 'module' });
  const terminate = () => {
    worker.terminate();
    reader.terminate();
  };
  let stop = () => {};
  const done = new Promise<string>((resolve, reject) => {
    stop = () => {
      terminate();
      reject(new DOMException('Hashing cancelled', 'AbortError'));
    };
    worker.onmessage = (event: MessageEvent<HashMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.bytes);
      else if (message.type === 'done') {
        onProgress(message.bytes);
        terminate();
        resolve(message.sha256);
      } else {
        terminate();
        reject(new Error(message.message));
      }
    };
    worker.onerror = reader.onerror = (event) => {
      terminate();
      reject(new Error(event.message || 'The hashing worker failed'));
    };
  });
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ port: port1 } satisfies HashRequest, [port1]);
  reader.postMessage({ file, port: port2 } satisfies ReadRequest, [port2]);
  return { done, cancel: () => stop() };
}
