import { SHA256_CHUNK_BYTES } from '@tkc/contracts/constants';

// The reading half of the file's hashing (docs/signer.md#hashing): reads the file in slices of
// CHUNKS_PER_READ × SHA256_CHUNK_BYTES on its own thread and hands each slice to the hashing worker through a
// MessagePort (transferred, not copied), so reading the next slices overlaps hashing this one.
// At most AHEAD slices wait unhashed, so a 1 GB file never sits in memory.

export type ReadRequest = { file: Blob; port: MessagePort };
/** Reader to hasher. */
export type SliceMessage =
  | { type: 'slice'; bytes: ArrayBuffer }
  | { type: 'end' }
  | { type: 'error'; message: string };

const AHEAD = 4;
/** Chunks read at once: each read out of a Blob has a fixed cost, so fewer, larger reads. */
const CHUNKS_PER_READ = 4;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
};

async function read(file: Blob, port: MessagePort): Promise<void> {
  let unhashed = 0;
  let wake: (() => void) | undefined;
  // The hasher answers each slice once it is hashed.
  port.onmessage = () => {
    unhashed--;
    wake?.();
  };
  const slice = (at: number) =>
    file.slice(at, Math.min(at + CHUNKS_PER_READ * SHA256_CHUNK_BYTES, file.size)).arrayBuffer();
  for (let at = 0; at < file.size; ) {
    while (unhashed >= AHEAD) await new Promise<void>((resolve) => (wake = resolve));
    const bytes = await slice(at);
    at += bytes.byteLength;
    unhashed++;
    port.postMessage({ type: 'slice', bytes } satisfies SliceMessage, [bytes]);
  }
  port.postMessage({ type: 'end' } satisfies SliceMessage);
}

scope.onmessage = (event) => {
  const { file, port } = event.data;
  read(file, port).catch((error: unknown) =>
    port.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies SliceMessage),
  );
};
