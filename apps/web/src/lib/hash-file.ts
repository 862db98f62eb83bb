import type { HashMessage } from './sha256-worker';

// Starts the hashing worker for one file (docs/signer.md#hashing); the Signer and CAP Maker use it.

export type FileHashing = {
  /** The SHA-256 (lowercase hex). */
  done: Promise<string>;
  cancel: () => void;
};

export function hashFile(file: Blob, onProgress: (hashedBytes: number) => void): FileHashing {
  const worker = new Worker(new URL('./sha256-worker.ts', import.meta.url), { type: 'module' });
  let stop = () => {};
  const done = new Promise<string>((resolve, reject) => {
    stop = () => {
      worker.terminate();
      reject(new DOMException('Hashing cancelled', 'AbortError'));
    };
    worker.onmessage = (event: MessageEvent<HashMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.bytes);
      else if (message.type === 'done') {
        onProgress(message.bytes);
        worker.terminate();
        resolve(message.sha256);
      } else {
        worker.terminate();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The hashing worker failed'));
    };
  });
  worker.postMessage({ file });
  return { done, cancel: () => stop() };
}
