import type { UPLOAD_ERRORS } from '@tkc/contracts/api/errors-uploads';

/** A part of the 'apiErrors' namespace (see ../en.ts): the upload endpoint's error codes. */
const texts: Record<keyof typeof UPLOAD_ERRORS, string> = {
  'upload.too_large': '文件超过了允许的 {{mb}} MB',
};

export default texts;
