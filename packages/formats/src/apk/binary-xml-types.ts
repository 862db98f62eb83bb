/** Android binary XML (AXML) as a tree; the byte layout is in docs/formats/apk-signing.md. */

/** Typed attribute value (`Res_value`): the types the manifest uses, the rest kept raw. */
export type BinaryXmlValue =
  | { type: 'string'; value: string }
  | { type: 'int'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'reference'; id: number }
  | { type: 'other'; dataType: number; data: number };

export type BinaryXmlAttribute = {
  namespace?: string;
  name: string;
  /** Android resource id of the attribute name, from the resource map (e.g. 0x0101021b). */
  resourceId?: number;
  value: BinaryXmlValue;
};

export type BinaryXmlElement = {
  namespace?: string;
  name: string;
  attributes: BinaryXmlAttribute[];
  children: BinaryXmlElement[];
};

export type BinaryXmlDocument = {
  namespaces: { prefix: string; uri: string }[];
  root: BinaryXmlElement;
};

export const androidNamespace = 'http://schemas.android.com/apk/res/android';

/** Chunk types (`ResChunk_header.type`). */
export const chunkType = {
  stringPool: 0x0001,
  xml: 0x0003,
  startNamespace: 0x0100,
  endNamespace: 0x0101,
  startElement: 0x0102,
  endElement: 0x0103,
  resourceMap: 0x0180,
} as const;

/** `Res_value.dataType` codes used here. */
export const valueType = {
  reference: 0x01,
  string: 0x03,
  intDecimal: 0x10,
  intHex: 0x11,
  boolean: 0x12,
} as const;

export const utf8StringPoolFlag = 0x100;
/** String index meaning "none" (no namespace, no raw value). */
export const noIndex = 0xffffffff;
