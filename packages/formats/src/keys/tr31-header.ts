import { FormatError } from '../format-error';

// The TR-31 (ANSI X9.143) key block header: 16 fixed characters, then optional blocks. Every
// character is printable ASCII; the header is MACed as it stands. Layout in docs/formats/cap.md.

export type Tr31Version = 'B' | 'D';
const TR31_VERSIONS: readonly Tr31Version[] = ['B', 'D'];

type Tr31OptionalBlock = { id: string; data: string };

export type Tr31Header = {
  version: Tr31Version;
  /** Two characters, e.g. 'K0' key encryption key, 'P0' PIN key, 'D0' data key. */
  keyUsage: string;
  /** 'T' Triple-DES, 'A' AES. */
  algorithm: string;
  /** 'B' both, 'E' encrypt/wrap only, 'D' decrypt/unwrap only, 'N' none, ... */
  modeOfUse: string;
  /** Two characters; '00' when unused. */
  keyVersion: string;
  /** 'E' exportable under a trusted key, 'N' not exportable, 'S' sensitive. */
  exportability: string;
  /** In order; a 'PB' pad block, when present, is kept so the header is reproduced exactly. */
  optionalBlocks: Tr31OptionalBlock[];
};

const TR31_FIXED_HEADER_CHARS = 16;
const MAX_BLOCK_CHARS = 9999;

const tr31Error = (detail: string) =>
  new FormatError('tr31.malformed', `TR-31 key block is malformed: ${detail}.`, { detail });

const isAlnum = (s: string) => /^[0-9A-Za-z]+$/.test(s);
const isPrintable = (s: string) => /^[\x20-\x7e]*$/.test(s);

function blockText(b: Tr31OptionalBlock): string {
  if (b.id.length !== 2 || !isAlnum(b.id)) throw tr31Error(`optional block id '${b.id}'`);
  if (!isPrintable(b.data)) throw tr31Error(`optional block ${b.id} data is not printable ASCII`);
  const short = 4 + b.data.length;
  if (short <= 0xff) return `${b.id}${short.toString(16).toUpperCase().padStart(2, '0')}${b.data}`;
  const long = 10 + b.data.length; // id, '00', length of length '04', 4 hex digits
  if (long > 0xffff) throw tr31Error(`optional block ${b.id} is too long`);
  return `${b.id}0004${long.toString(16).toUpperCase().padStart(4, '0')}${b.data}`;
}

/**
 * The header text for a key block of `totalChars` characters, with a 'PB' pad block added when
 * the optional blocks leave it off a multiple of the cipher block (8 for B, 16 for D).
 */
export function formatTr31Header(h: Tr31Header, totalChars: number, blockChars: number): string {
  const fixed = [h.keyUsage, h.algorithm, h.modeOfUse, h.keyVersion, h.exportability];
  const widths = [2, 1, 1, 2, 1];
  fixed.forEach((v, i) => {
    if (v.length !== widths[i] || !isAlnum(v)) throw tr31Error(`header field '${v}'`);
  });
  const blocks = [...h.optionalBlocks];
  let optional = blocks.map(blockText).join('');
  const off = (TR31_FIXED_HEADER_CHARS + optional.length) % blockChars;
  if (off !== 0) {
    const pad = {
      id: 'PB',
      data: '0'.repeat((blockChars - ((off + 4) % blockChars)) % blockChars),
    };
    blocks.push(pad);
    optional += blockText(pad);
  }
  if (blocks.length > 99) throw tr31Error('more than 99 optional blocks');
  if (totalChars > MAX_BLOCK_CHARS) throw tr31Error(`a key block of ${totalChars} characters`);
  return `${h.version}${String(totalChars).padStart(4, '0')}${fixed.join('')}${String(blocks.length).padStart(2, '0')}00${optional}`;
}

/** The header length the optional blocks give, before the length digits are known. */
export const tr31HeaderChars = (h: Tr31Header, blockChars: number): number =>
  formatTr31Header(h, 0, blockChars).length;

export type ParsedTr31Header = { header: Tr31Header; text: string; totalChars: number };

const hexNumber = (s: string, what: string): number => {
  if (!/^[0-9A-Fa-f]+$/.test(s)) throw tr31Error(`${what} '${s}' is not hex`);
  return Number.parseInt(s, 16);
};

/** Reads the header of a key block. Throws FormatError tr31.malformed / tr31.version_unsupported. */
export function parseTr31Header(block: string): ParsedTr31Header {
  if (!isPrintable(block)) throw tr31Error('not printable ASCII');
  if (block.length < TR31_FIXED_HEADER_CHARS) throw tr31Error('shorter than its header');
  const version = block[0]!;
  if (!TR31_VERSIONS.includes(version as Tr31Version)) {
    throw new FormatError(
      'tr31.version_unsupported',
      `TR-31 key block version ${version} is not supported (B and D are).`,
      { version },
    );
  }
  const lengthText = block.slice(1, 5);
  if (!/^\d{4}$/.test(lengthText)) throw tr31Error(`length '${lengthText}'`);
  const totalChars = Number(lengthText);
  if (totalChars !== block.length) {
    throw tr31Error(`length field says ${totalChars} characters, the block has ${block.length}`);
  }
  const countText = block.slice(12, 14);
  if (!/^\d{2}$/.test(countText)) throw tr31Error(`optional block count '${countText}'`);
  const optionalBlocks: Tr31OptionalBlock[] = [];
  let at = TR31_FIXED_HEADER_CHARS;
  for (let i = 0; i < Number(countText); i++) {
    const id = block.slice(at, at + 2);
    if (id.length !== 2 || !isAlnum(id)) throw tr31Error(`optional block id '${id}'`);
    let length = hexNumber(block.slice(at + 2, at + 4), 'optional block length');
    let dataAt = at + 4;
    if (length === 0) {
      const lengthOfLength = hexNumber(block.slice(at + 4, at + 6), 'length of length');
      if (lengthOfLength === 0) throw tr31Error('optional block length of length 0');
      length = hexNumber(block.slice(at + 6, at + 6 + lengthOfLength), 'optional block length');
      dataAt = at + 6 + lengthOfLength;
    }
    if (at + length < dataAt || at + length > block.length) {
      throw tr31Error(`optional block ${id} length ${length}`);
    }
    optionalBlocks.push({ id, data: block.slice(dataAt, at + length) });
    at += length;
  }
  const header: Tr31Header = {
    version: version as Tr31Version,
    keyUsage: block.slice(5, 7),
    algorithm: block.slice(7, 8),
    modeOfUse: block.slice(8, 9),
    keyVersion: block.slice(9, 11),
    exportability: block.slice(11, 12),
    optionalBlocks,
  };
  return { header, text: block.slice(0, at), totalChars };
}
