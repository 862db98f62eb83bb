import { SERIAL_BAUD_RATE, SERIAL_FLOW_CONTROL } from '@tkc/contracts/constants';
import { copyBytes } from './bytes';
import {
  CAP_CHUNK_BYTES,
  encodeLoadCapBegin,
  encodeLoadCapData,
  encodeLoadCapEnd,
  MAX_CAP_TRANSFER_BYTES,
} from './cap-transfer';
import { TERMINAL_REPLY_TIMEOUT_MS } from './erase-client';
import { createFrameParser, encodeFrame, type ParsedEvent } from './frame';
import { decodeReply, RESULT_OK } from './protocol';
import type { SerialPortLike } from './serial';

// The host side of LOAD CAP: sends a CAP to a terminal's User Loader over the same Web Serial
// port abstraction as the Key Erase (begin, data chunks, end; docs/terminal-protocol.md).

/** How long the terminal may take to check a whole CAP (signature, decryption) by default. */
const CAP_CHECK_TIMEOUT_MS = 60_000;

type LoadCapPhase = 'connect' | 'begin' | 'data' | 'end';

export type LoadCapOptions = {
  /** Time allowed for each reply to begin and data, in ms. */
  timeoutMs?: number;
  /** Time allowed for the reply to end, while the terminal checks the CAP, in ms. */
  checkTimeoutMs?: number;
  /** CAP bytes per data command (1 to CAP_CHUNK_BYTES). */
  chunkBytes?: number;
  /** Told after each chunk the terminal accepted. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
};

export type LoadCapResult = {
  ok: boolean;
  /** The terminal's result code of the last reply; null when no readable reply came. */
  code: string | null;
  /**
   * Why it failed: the terminal's reason (the ULD's, e.g. SIGNER_NOT_USER_KEY, or a transfer
   * reason), or NO_PORT, PORT_NOT_OPENED, NO_RESPONSE, BAD_RESPONSE, CAP_TOO_LARGE.
   */
  reason: string | null;
  failedPhase: LoadCapPhase | null;
  sentBytes: number;
  /** The certificate chain the terminal answered a Certificate CAP with; null otherwise. */
  certificatePem: string | null;
};

const TIMEOUT = Symbol('timeout');

/** Parser events from a port's readable side, one at a time, with a time limit. */
function replyReader(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const parser = createFrameParser();
  const events: ParsedEvent[] = [];
  const noop = () => {};
  let wake: () => void = noop;
  let ended = false;
  const done = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        events.push(...parser.push(value));
        wake();
      }
    } catch {
      // the line broke: the waiting phase sees no reply
    } finally {
      ended = true;
      wake();
    }
  })();
  const next = async (ms: number): Promise<ParsedEvent | null> => {
    const deadline = Date.now() + ms;
    while (events.length === 0 && !ended && Date.now() < deadline) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, deadline - Date.now());
      });
      clearTimeout(timer);
      wake = noop;
    }
    return events.shift() ?? null;
  };
  return { next, done };
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
};

/**
 * Sends a CAP to the terminal on `port`: opens it (115200 baud, hardware flow control), sends
 * begin, the data chunks and end, and closes it. Never throws: a refusal or a line failure ends
 * the run with its reason and the phase it happened in.
 */
export async function runLoadCap(
  port: SerialPortLike | null | undefined,
  cap: Uint8Array,
  o: LoadCapOptions = {},
): Promise<LoadCapResult> {
  const timeoutMs = o.timeoutMs ?? TERMINAL_REPLY_TIMEOUT_MS;
  const chunkBytes = Math.min(
    Math.max(1, Math.floor(o.chunkBytes ?? CAP_CHUNK_BYTES)),
    CAP_CHUNK_BYTES,
  );
  let sentBytes = 0;
  let certificatePem: string | null = null;
  const result = (
    failedPhase: LoadCapPhase | null,
    code: string | null,
    reason: string | null,
  ) => ({
    ok: failedPhase === null,
    code,
    reason,
    failedPhase,
    sentBytes,
    certificatePem,
  });
  if (!port) return result('connect', null, 'NO_PORT');
  if (cap.length > MAX_CAP_TRANSFER_BYTES) return result('connect', null, 'CAP_TOO_LARGE');
  try {
    await port.open({ baudRate: SERIAL_BAUD_RATE, flowControl: SERIAL_FLOW_CONTROL });
  } catch {
    return result('connect', null, 'PORT_NOT_OPENED');
  }
  const reader = port.readable?.getReader();
  const writer = port.writable?.getWriter();
  const line = reader ? replyReader(reader) : null;
  try {
    if (!reader || !writer || !line) return result('connect', null, 'PORT_NOT_OPENED');
    /** Sends one command; null when the terminal answered 620000, else the failure. */
    const exchange = async (phase: LoadCapPhase, payload: Uint8Array, ms: number) => {
      const written = await withTimeout(writer.write(encodeFrame(payload)), ms);
      const event = written === TIMEOUT ? null : await line.next(ms);
      if (!event) return result(phase, null, 'NO_RESPONSE');
      const reply = event.type === 'frame' ? decodeReply(event.payload) : null;
      if (!reply) return result(phase, null, 'BAD_RESPONSE');
      if (reply.code === RESULT_OK) {
        if (phase === 'end' && reply.fields[0]) {
          certificatePem = new TextDecoder().decode(reply.fields[0]);
        }
        return null;
      }
      const reason = reply.fields[0] ? new TextDecoder().decode(reply.fields[0]) : null;
      return result(phase, reply.code, reason);
    };
    const sha256 = new Uint8Array(await crypto.subtle.digest('SHA-256', copyBytes(cap)));
    const begun = await exchange('begin', encodeLoadCapBegin(cap.length, sha256), timeoutMs);
    if (begun) return begun;
    while (sentBytes < cap.length) {
      const chunk = cap.subarray(sentBytes, sentBytes + chunkBytes);
      const failed = await exchange('data', encodeLoadCapData(sentBytes, chunk), timeoutMs);
      if (failed) return failed;
      sentBytes += chunk.length;
      o.onProgress?.(sentBytes, cap.length);
    }
    return (
      (await exchange('end', encodeLoadCapEnd(), o.checkTimeoutMs ?? CAP_CHECK_TIMEOUT_MS)) ??
      result(null, RESULT_OK, null)
    );
  } catch {
    return result('data', null, 'NO_RESPONSE');
  } finally {
    const quietly = async (f: () => Promise<unknown> | undefined) => {
      try {
        await withTimeout(Promise.resolve(f()), timeoutMs);
      } catch {
        // releasing is best effort
      }
    };
    await quietly(() => reader?.cancel());
    await quietly(() => line?.done);
    reader?.releaseLock();
    await quietly(() => writer?.close());
    writer?.releaseLock();
    await quietly(() => port.close());
  }
}
