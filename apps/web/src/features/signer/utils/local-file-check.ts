import type { ApiErrorCode, ErrorParams } from '@tkc/contracts/api/error-codes';
import { textBounds } from '@tkc/contracts/forms';

// What the browser can tell of a chosen file before sending it (docs/signer.md#file-checks):
// the same rules and the same error codes the server applies, so the user hears the same words
// sooner. The server checks again and decides.

export type LocalFileProblem = { code: ApiErrorCode | 'cap.not_cap'; params: ErrorParams };
export type LocalFileType = 'apk' | 'cap';

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** The file's type from its first bytes, or the problem (named by the server's error codes). */
export async function checkLocalFile(
  file: File | null,
): Promise<{ type: LocalFileType } | { problem: LocalFileProblem }> {
  if (!file) return { problem: { code: 'signer.no_source', params: {} } };
  if (file.size === 0) return { problem: { code: 'signer.invalid_file', params: {} } };
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const extension = file.name.toLowerCase().split('.').pop();
  let type: LocalFileType;
  if (startsWith(head, [0x50, 0x4b])) type = 'apk';
  else if (startsWith(head, [0x89, 0x43, 0x41, 0x50])) type = 'cap';
  else if (extension === 'apk') return { problem: { code: 'file.not_apk', params: {} } };
  else if (extension === 'cap') return { problem: { code: 'cap.not_cap', params: {} } };
  else return { problem: { code: 'signer.format_not_recognized', params: {} } };
  const [min, max] = textBounds.apkFileName;
  const length = [...file.name].length;
  if (type === 'apk' && (length < min || length > max)) {
    return { problem: { code: 'signer.file_name_length', params: { min, max, length } } };
  }
  return { type };
}
