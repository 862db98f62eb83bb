// The part of the Web Serial API the Key Erase uses, as structural types: the browser's
// `navigator.serial` and its ports satisfy them, and so does the simulator.

export type SerialPortInfoLike = { usbVendorId?: number; usbProductId?: number };

export type SerialPortFilterLike = { usbVendorId?: number; usbProductId?: number };

export type SerialOpenOptionsLike = {
  baudRate: number;
  dataBits?: number;
  stopBits?: number;
  parity?: 'none' | 'even' | 'odd';
  bufferSize?: number;
  flowControl?: 'none' | 'hardware';
};

export interface SerialPortLike {
  /** null while the port is closed. */
  readonly readable: ReadableStream<Uint8Array> | null;
  /** null while the port is closed. */
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: SerialOpenOptionsLike): Promise<void>;
  close(): Promise<void>;
  getInfo(): SerialPortInfoLike;
}

export interface SerialLike {
  requestPort(options?: { filters?: readonly SerialPortFilterLike[] }): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

/** True when the port's USB identifiers match the filter (every identifier the filter names). */
export const matchesFilter = (f: SerialPortFilterLike, info: SerialPortInfoLike): boolean =>
  (f.usbVendorId === undefined || f.usbVendorId === info.usbVendorId) &&
  (f.usbProductId === undefined || f.usbProductId === info.usbProductId);
