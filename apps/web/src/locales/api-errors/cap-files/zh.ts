import type { CAP_FILE_ERRORS } from '@tkc/contracts/api/errors-cap-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_FILE_ERRORS, string> = {
  'cap.not_cap': '这不是 CAP 文件，请选择有效的 CAP 文件。',
  'cap.version_unsupported': '不支持 CAP{{n}}。',
  'cap.sign_block_missing': '未找到签名块。',
  'cap.truncated': 'CAP 文件被截断：在第 {{needed}} 字节之前就结束了。',
  'cap.malformed': 'CAP 文件已损坏：{{detail}}。',
  'cap.field_out_of_bounds': '{{label}} 必须为 {{min}} 到 {{max}} 个字符（当前为 {{length}} 个）。',
  'cap.field_unsupported': '{{label}} 不能出现在 {{detail}} 中。',
  'cap.too_many_files': 'CAP{{n}} 最多包含 {{max}} 个文件；此文件有 {{count}} 个。',
  'cap.file_name_unsafe': '不允许使用文件名“{{name}}”：{{why}}。',
  'cap.file_name_duplicate': '文件名“{{name}}”出现了不止一次。',
  'cap.file_too_large': '文件“{{name}}”有 {{size}} 字节；此 CAP 版本最多接受 {{max}} 字节。',
  'cap.file_changed': '制作 CAP 期间文件“{{name}}”发生了变化。',
  'cap.signer_mismatch': 'CAP 由另一个密钥签名（签名者指纹 {{fingerprint}}）。',
  'cap.signature_invalid': 'CAP 签名验证失败。',
  'cap.kek_mismatch': 'CAP 密钥块是为另一个密钥加密密钥封装的（指纹 {{fingerprint}}）。',
  'cap.key_unwrap_failed': '无法用此密钥加密密钥解封 CAP 密钥块（公司密钥不正确）。',
  'cap.kcv_mismatch': '解封后的密钥与密钥块的校验值 {{expected}} 不符。',
  'cap.payload_mismatch': 'CAP 有效载荷解密后与其文件表不符。',
  'cap.file_digest_mismatch': '“{{file}}”的内容与其 SHA-256 摘要不符。',
  'cap.key_set_invalid': '密钥 CAP 的密钥集无效：{{detail}}。',
  'cap.certificate_set_invalid': '证书 CAP 中的证书无效：{{detail}}。',
  'tr31.malformed': 'TR-31 密钥块格式错误：{{detail}}。',
  'tr31.version_unsupported': '不支持 TR-31 密钥块版本 {{version}}（支持 B 和 D）。',
  'tr31.kbpk_length':
    '版本 {{version}} 的密钥块需要 {{allowed}} 字节的密钥块保护密钥，而不是 {{length}} 字节。',
  'tr31.key_length': '无法封装 {{length}} 字节的密钥。',
  'tr31.mac_invalid': 'TR-31 密钥块 MAC 验证失败：密钥块保护密钥错误，或密钥块已被篡改。',
};

export default texts;
