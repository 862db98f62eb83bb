import {
  type BinaryXmlAttribute,
  type BinaryXmlDocument,
  type BinaryXmlElement,
  type BinaryXmlValue,
  chunkType,
  noIndex,
  utf8StringPoolFlag,
  valueType,
} from '../binary-xml-types';

export type BinaryXmlWriteOptions = {
  /** UTF-8 string pool (aapt2's default) or UTF-16 (aapt's). */
  utf8?: boolean;
};

/**
 * Writes Android binary XML, the inverse of `parseBinaryXml` (tests build manifests with it).
 * Attribute names with a resource id come first in the string pool, as the resource map requires.
 */
export function writeBinaryXml(
  document: BinaryXmlDocument,
  options: BinaryXmlWriteOptions = {},
): Buffer {
  const pool = buildStringPool(document);
  const nodes: Buffer[] = [];
  for (const { prefix, uri } of document.namespaces) {
    nodes.push(
      namespaceChunk(chunkType.startNamespace, pool.general(prefix, true), pool.general(uri)),
    );
  }
  writeElement(document.root, pool, nodes);
  for (const { prefix, uri } of [...document.namespaces].reverse()) {
    nodes.push(
      namespaceChunk(chunkType.endNamespace, pool.general(prefix, true), pool.general(uri)),
    );
  }
  const body = Buffer.concat([
    stringPoolChunk(pool.strings, options.utf8 ?? false),
    resourceMapChunk(pool.resourceIds),
    ...nodes,
  ]);
  return Buffer.concat([chunkHeader(chunkType.xml, 8, 8 + body.length), body]);
}

type Pool = {
  strings: string[];
  resourceIds: number[];
  general: (value: string, emptyIsNone?: boolean) => number;
  attributeName: (attribute: BinaryXmlAttribute) => number;
};

function buildStringPool(document: BinaryXmlDocument): Pool {
  const mapped: { name: string; id: number }[] = [];
  const visit = (element: BinaryXmlElement) => {
    for (const attribute of element.attributes) {
      const id = attribute.resourceId;
      if (id !== undefined && !mapped.some((m) => m.name === attribute.name && m.id === id)) {
        mapped.push({ name: attribute.name, id });
      }
    }
    element.children.forEach(visit);
  };
  visit(document.root);
  const strings = mapped.map((m) => m.name);
  const indexes = new Map<string, number>();
  const general = (value: string, emptyIsNone = false) => {
    if (emptyIsNone && value === '') return noIndex;
    let index = indexes.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      indexes.set(value, index);
    }
    return index;
  };
  const attributeName = (attribute: BinaryXmlAttribute) =>
    attribute.resourceId === undefined
      ? general(attribute.name)
      : mapped.findIndex((m) => m.name === attribute.name && m.id === attribute.resourceId);
  return { strings, resourceIds: mapped.map((m) => m.id), general, attributeName };
}

function writeElement(element: BinaryXmlElement, pool: Pool, nodes: Buffer[]): void {
  const namespace = element.namespace === undefined ? noIndex : pool.general(element.namespace);
  const name = pool.general(element.name);
  const ext = Buffer.alloc(20);
  ext.writeUInt32LE(namespace, 0);
  ext.writeUInt32LE(name, 4);
  ext.writeUInt16LE(20, 8);
  ext.writeUInt16LE(20, 10);
  ext.writeUInt16LE(element.attributes.length, 12);
  const attributes = element.attributes.map((attribute) => encodeAttribute(attribute, pool));
  nodes.push(nodeChunk(chunkType.startElement, Buffer.concat([ext, ...attributes])));
  for (const child of element.children) writeElement(child, pool, nodes);
  const end = Buffer.alloc(8);
  end.writeUInt32LE(namespace, 0);
  end.writeUInt32LE(name, 4);
  nodes.push(nodeChunk(chunkType.endElement, end));
}

function encodeAttribute(attribute: BinaryXmlAttribute, pool: Pool): Buffer {
  const bytes = Buffer.alloc(20);
  const namespace = attribute.namespace === undefined ? noIndex : pool.general(attribute.namespace);
  const [dataType, data] = encodeValue(attribute.value, pool);
  bytes.writeUInt32LE(namespace, 0);
  bytes.writeUInt32LE(pool.attributeName(attribute), 4);
  bytes.writeUInt32LE(attribute.value.type === 'string' ? data : noIndex, 8);
  bytes.writeUInt16LE(8, 12);
  bytes.writeUInt8(dataType, 15);
  bytes.writeUInt32LE(data, 16);
  return bytes;
}

function encodeValue(value: BinaryXmlValue, pool: Pool): [number, number] {
  switch (value.type) {
    case 'string':
      return [valueType.string, pool.general(value.value)];
    case 'int':
      return [valueType.intDecimal, value.value >>> 0];
    case 'boolean':
      return [valueType.boolean, value.value ? 0xffffffff : 0];
    case 'reference':
      return [valueType.reference, value.id >>> 0];
    case 'other':
      return [value.dataType, value.data >>> 0];
  }
}

function chunkHeader(type: number, headerSize: number, size: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(headerSize, 2);
  header.writeUInt32LE(size, 4);
  return header;
}

/** Node chunks: 8-byte header, line number, comment (none), then the extension. */
function nodeChunk(type: number, ext: Buffer): Buffer {
  const header = chunkHeader(type, 16, 16 + ext.length);
  const lineAndComment = Buffer.alloc(8);
  lineAndComment.writeUInt32LE(1, 0);
  lineAndComment.writeUInt32LE(noIndex, 4);
  return Buffer.concat([header, lineAndComment, ext]);
}

function namespaceChunk(type: number, prefix: number, uri: number): Buffer {
  const ext = Buffer.alloc(8);
  ext.writeUInt32LE(prefix, 0);
  ext.writeUInt32LE(uri, 4);
  return nodeChunk(type, ext);
}

function resourceMapChunk(ids: number[]): Buffer {
  const body = Buffer.alloc(ids.length * 4);
  for (const [index, id] of ids.entries()) body.writeUInt32LE(id, index * 4);
  return Buffer.concat([chunkHeader(chunkType.resourceMap, 8, 8 + body.length), body]);
}

function stringPoolChunk(strings: string[], utf8: boolean): Buffer {
  const encoded = strings.map((value) => (utf8 ? encodeUtf8(value) : encodeUtf16(value)));
  const offsets = Buffer.alloc(strings.length * 4);
  let offset = 0;
  encoded.forEach((bytes, index) => {
    offsets.writeUInt32LE(offset, index * 4);
    offset += bytes.length;
  });
  const data = Buffer.concat(encoded);
  const padding = Buffer.alloc((4 - (data.length % 4)) % 4);
  const size = 28 + offsets.length + data.length + padding.length;
  const header = Buffer.alloc(20);
  header.writeUInt32LE(strings.length, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(utf8 ? utf8StringPoolFlag : 0, 8);
  header.writeUInt32LE(28 + offsets.length, 12);
  header.writeUInt32LE(0, 16);
  return Buffer.concat([
    chunkHeader(chunkType.stringPool, 28, size),
    header,
    offsets,
    data,
    padding,
  ]);
}

function encodeUtf8(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  return Buffer.concat([
    utf8Length(value.length),
    utf8Length(bytes.length),
    bytes,
    Buffer.from([0]),
  ]);
}

function utf8Length(length: number): Buffer {
  if (length > 0x7fff) throw new Error(`String too long for a UTF-8 string pool: ${length}`);
  return length < 0x80 ? Buffer.from([length]) : Buffer.from([0x80 | (length >> 8), length & 0xff]);
}

function encodeUtf16(value: string): Buffer {
  const units = Buffer.from(value, 'utf16le');
  const length = value.length;
  const prefix =
    length < 0x8000
      ? Buffer.from([length & 0xff, length >> 8])
      : Buffer.from([
          (length >> 16) & 0xff,
          0x80 | (length >> 24),
          length & 0xff,
          (length >> 8) & 0xff,
        ]);
  return Buffer.concat([prefix, units, Buffer.from([0, 0])]);
}
