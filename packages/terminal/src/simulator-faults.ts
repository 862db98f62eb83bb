import { concatBytes, utf8 } from './bytes';
import { encodeFrame, xorChecksum } from './frame';
import { type CommandName, encodeReply } from './protocol';

// The faults a simulated terminal can be told to show instead of its real answer.

/** How the terminal answers a command instead of the real answer. */
export type TerminalReplyFault =
  /** Never answers (the client's time limit ends the step). */
  | 'silent'
  /** 16 zero bytes instead of a frame. */
  | 'allZero'
  /** The real reply framed with a wrong check byte. */
  | 'corrupt'
  /** The real reply with a DLE followed by 'A' inside the frame. */
  | 'badStuffing'
  /** Bytes that are no frame at all. */
  | 'garbage'
  /** A reply with this result code (and, for 670000, this failure reason). */
  | { code: string; reason?: string }
  /** These raw bytes. */
  | { bytes: Uint8Array };

export type TerminalFault = {
  /** The command that fails; any command when absent. */
  command?: CommandName;
  reply: TerminalReplyFault;
  /** How many times it applies (default 1; Infinity for always). */
  times?: number;
};

const GARBAGE = Uint8Array.of(0x3f, 0xff, 0x45, 0x52, 0x52, 0x0d, 0x0a);

/** The bytes a fault sends in place of the reply (null: silence). */
export function faultBytes(
  fault: Exclude<TerminalReplyFault, 'corrupt' | 'badStuffing'>,
): Uint8Array | null {
  if (fault === 'silent') return null;
  if (fault === 'allZero') return new Uint8Array(16);
  if (fault === 'garbage') return GARBAGE.slice();
  if ('bytes' in fault) return Uint8Array.from(fault.bytes);
  return encodeFrame(encodeReply(fault.code, fault.reason ? [utf8(fault.reason)] : []));
}

/** The real reply, framed as the fault says: a wrong check byte, or a DLE 'A' inside. */
export function damagedFrame(fault: 'corrupt' | 'badStuffing', reply: Uint8Array): Uint8Array {
  if (fault === 'corrupt') {
    const frame = encodeFrame(reply);
    frame[frame.length - 1]! ^= 0x5a;
    return frame;
  }
  return concatBytes(
    Uint8Array.of(0x10, 0x02),
    reply.subarray(0, 2),
    Uint8Array.of(0x10, 0x41),
    reply.subarray(2),
    Uint8Array.of(0x10, 0x03, xorChecksum(reply)),
  );
}
