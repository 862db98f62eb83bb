import type { SIGNER_ERRORS } from '@tkc/contracts/api/errors-signer';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof SIGNER_ERRORS, string> = {
  'signer.no_source': '未选择任何源。',
  'signer.format_not_recognized': '无法识别文件格式。',
  'signer.invalid_file': '文件无效。请选择正确的文件。',
  'signer.file_name_length': 'APK 文件名必须为 {{min}} 到 {{max}} 个字符（当前为 {{length}} 个）。',
  'signer.digest_mismatch':
    '文件在传输中被更改：服务器计算的 SHA-256 为 {{server}}，您的浏览器计算的为 {{client}}。请重新上传。',
  'signer.file_too_large': '文件大小为 {{size}} 字节；最多接受 {{limit}} 字节。',
  'signer.no_signing_key': '公司 {{company}} 没有签名密钥',
  'signer.not_signed': '签名文件尚未就绪',
  'signer.key_exists': '公司 {{company}} 已有签名密钥：请确认以替换',
  'signer.key_unreadable': '无法读取密钥或证书：{{detail}}',
  'signer.key_password': '密码无法打开密钥文件',
  'signer.key_file_too_large': '密钥文件超过了允许的 {{kb}} KB',
  'signer.key_mismatch': '私钥与证书不匹配',
  'signer.key_unsupported': '不支持的密钥：{{detail}}。请使用 RSA（2048 位或以上）或 ECDSA P-256。',
  'approval.own_request': '您不能批准或拒绝自己的请求',
  'approval.not_pending': '此请求已被处理',
};

export default texts;
