import { FormatError } from '../format-error';
import {
  type BinaryXmlAttribute,
  type BinaryXmlDocument,
  type BinaryXmlElement,
  type BinaryXmlValue,
  chunkType,
  noIndex,
  utf8StringPoolFlag,
  valueType,
} from './binary-xml-types';

type StringLookup = (index: number) => string;

function malformed(detail: string): FormatError {
  return new FormatError(
    'apk.manifest_malformed',
    `AndroidManifest.xml is not valid Android binary XML: ${detail}.`,
  );
}

function check(condition: boolean, detail: string): asserts condition {
  if (!condition) throw malformed(detail);
}

/**
 * Parses Android binary XML. Every offset and length is checked against its chunk before use, so
 * arbitrary bytes end in a FormatError and never in a RangeError or a huge allocation.
 */
export function parseBinaryXml(bytes: Uint8Array): BinaryXmlDocument {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  check(data.length >= 8 && data.readUInt16LE(0) === chunkType.xml, 'no XML chunk at its start');
  const headerSize = data.readUInt16LE(2);
  const size = data.readUInt32LE(4);
  check(headerSize >= 8 && headerSize <= size && size <= data.length, 'impossible XML chunk size');
  let strings: StringLookup | undefined;
  let resourceIds: number[] = [];
  const namespaces: BinaryXmlDocument['namespaces'] = [];
  const open: BinaryXmlElement[] = [];
  let root: BinaryXmlElement | undefined;
  for (let at = headerSize; at + 8 <= size; ) {
    const type = data.readUInt16LE(at);
    const chunkHeaderSize = data.readUInt16LE(at + 2);
    const chunkSize = data.readUInt32LE(at + 4);
    check(
      chunkHeaderSize >= 8 && chunkSize >= chunkHeaderSize && at + chunkSize <= size,
      'impossible chunk size',
    );
    const chunk = data.subarray(at, at + chunkSize);
    at += chunkSize;
    if (type === chunkType.stringPool) {
      strings ??= readStringPool(chunk);
    } else if (type === chunkType.resourceMap) {
      resourceIds = readResourceMap(chunk);
    } else if (type === chunkType.startNamespace) {
      const lookup = required(strings);
      check(chunkHeaderSize + 8 <= chunkSize, 'namespace chunk too short');
      const prefix = chunk.readUInt32LE(chunkHeaderSize);
      const uri = chunk.readUInt32LE(chunkHeaderSize + 4);
      namespaces.push({ prefix: prefix === noIndex ? '' : lookup(prefix), uri: lookup(uri) });
    } else if (type === chunkType.startElement) {
      const element = readStartElement(chunk, required(strings), resourceIds);
      const parent = open.at(-1);
      if (parent) parent.children.push(element);
      else {
        check(root === undefined, 'more than one root element');
        root = element;
      }
      open.push(element);
    } else if (type === chunkType.endElement) {
      check(open.pop() !== undefined, 'an element ends that never started');
    }
  }
  check(root !== undefined, 'no root element');
  return { namespaces, root };
}

function required(strings: StringLookup | undefined): StringLookup {
  check(strings !== undefined, 'elements come before the string pool');
  return strings;
}

function readStringPool(chunk: Buffer): StringLookup {
  const headerSize = chunk.readUInt16LE(2);
  check(headerSize >= 28, 'string pool header too short');
  const count = chunk.readUInt32LE(8);
  const isUtf8 = (chunk.readUInt32LE(16) & utf8StringPoolFlag) !== 0;
  const stringsStart = chunk.readUInt32LE(20);
  check(headerSize + count * 4 <= chunk.length, 'string offsets run past the string pool');
  const cache = new Map<number, string>();
  return (index) => {
    check(index < count, 'a string index is out of range');
    let value = cache.get(index);
    if (value === undefined) {
      const at = stringsStart + chunk.readUInt32LE(headerSize + index * 4);
      value = isUtf8 ? readUtf8String(chunk, at) : readUtf16String(chunk, at);
      cache.set(index, value);
    }
    return value;
  };
}

/** UTF-8 pool entry: UTF-16 length, byte length (each 1 or 2 bytes), bytes, NUL. */
function readUtf8String(chunk: Buffer, at: number): string {
  const [, afterCharCount] = readUtf8Length(chunk, at);
  const [byteLength, start] = readUtf8Length(chunk, afterCharCount);
  check(start + byteLength <= chunk.length, 'a string runs past the string pool');
  return chunk.toString('utf8', start, start + byteLength);
}

function readUtf8Length(chunk: Buffer, at: number): [number, number] {
  check(at < chunk.length, 'a string starts past the string pool');
  const first = chunk[at]!;
  if ((first & 0x80) === 0) return [first, at + 1];
  check(at + 1 < chunk.length, 'a string length runs past the string pool');
  return [((first & 0x7f) << 8) | chunk[at + 1]!, at + 2];
}

/** UTF-16 pool entry: length in code units (1 or 2 uint16), code units, NUL. */
function readUtf16String(chunk: Buffer, at: number): string {
  check(at + 2 <= chunk.length, 'a string starts past the string pool');
  let length = chunk.readUInt16LE(at);
  let start = at + 2;
  if ((length & 0x8000) !== 0) {
    check(at + 4 <= chunk.length, 'a string length runs past the string pool');
    length = ((length & 0x7fff) << 16) | chunk.readUInt16LE(at + 2);
    start = at + 4;
  }
  check(start + length * 2 <= chunk.length, 'a string runs past the string pool');
  return chunk.toString('utf16le', start, start + length * 2);
}

function readResourceMap(chunk: Buffer): number[] {
  const headerSize = chunk.readUInt16LE(2);
  const ids: number[] = [];
  for (let at = headerSize; at + 4 <= chunk.length; at += 4) ids.push(chunk.readUInt32LE(at));
  return ids;
}

/** Start element: node header, then `ResXMLTree_attrExt` (20 bytes), then the attributes. */
function readStartElement(
  chunk: Buffer,
  strings: StringLookup,
  resourceIds: number[],
): BinaryXmlElement {
  const ext = chunk.readUInt16LE(2);
  check(ext + 20 <= chunk.length, 'element chunk too short');
  const namespace = chunk.readUInt32LE(ext);
  const attributeStart = ext + chunk.readUInt16LE(ext + 8);
  const attributeSize = chunk.readUInt16LE(ext + 10);
  const attributeCount = chunk.readUInt16LE(ext + 12);
  check(
    attributeCount === 0 ||
      (attributeSize >= 20 && attributeStart + attributeCount * attributeSize <= chunk.length),
    'attributes run past their element',
  );
  const attributes: BinaryXmlAttribute[] = [];
  for (let index = 0; index < attributeCount; index++) {
    const at = attributeStart + index * attributeSize;
    const nameIndex = chunk.readUInt32LE(at + 4);
    const attributeNamespace = chunk.readUInt32LE(at);
    const attribute: BinaryXmlAttribute = {
      name: strings(nameIndex),
      value: readValue(chunk, at, strings),
    };
    if (attributeNamespace !== noIndex) attribute.namespace = strings(attributeNamespace);
    if (nameIndex < resourceIds.length) attribute.resourceId = resourceIds[nameIndex];
    attributes.push(attribute);
  }
  const element: BinaryXmlElement = {
    name: strings(chunk.readUInt32LE(ext + 4)),
    attributes,
    children: [],
  };
  if (namespace !== noIndex) element.namespace = strings(namespace);
  return element;
}

/** Attribute: ns, name, raw value (string index), then `Res_value` {size, 0, type, data}. */
function readValue(chunk: Buffer, at: number, strings: StringLookup): BinaryXmlValue {
  const dataType = chunk[at + 15]!;
  const data = chunk.readUInt32LE(at + 16);
  switch (dataType) {
    case valueType.string:
      return { type: 'string', value: strings(data) };
    case valueType.intDecimal:
    case valueType.intHex:
      return { type: 'int', value: data | 0 };
    case valueType.boolean:
      return { type: 'boolean', value: data !== 0 };
    case valueType.reference:
      return { type: 'reference', id: data };
    default:
      return { type: 'other', dataType, data };
  }
}
