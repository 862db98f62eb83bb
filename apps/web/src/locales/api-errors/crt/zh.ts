/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
export default {} as Record<string, string>;
