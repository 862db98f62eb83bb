import type { CAP_ERRORS } from '@tkc/contracts/api/errors-cap';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_ERRORS, string> = {
  'cap.no_source': '未选择来源。',
  'cap.nested_folder': '请避免使用嵌套文件夹。',
  'cap.folder_only': '此文件夹只能包含 {{kinds}} 文件',
  'cap.extension_missing': '找不到扩展名为 {{extension}} 的文件。',
  'cap.app_file_missing': '请包含所选的应用程序文件。',
  'cap.access_control_unsupported': '不支持的访问控制类型。',
  'cap.format_not_recognized': '无法识别文件格式。',
  'cap.invalid_file': '文件无效。请选择正确的文件。',
  'cap.too_many_sources': 'CAP{{n}} 最多包含 {{max}} 个文件；此文件夹有 {{count}} 个。',
  'cap.model_unknown': '请选择受支持的型号',
  'cap.app_name_too_long': '字段最大长度：{{max}}',
  'cap.not_ready': 'CAP 尚未就绪',
  'cap.key_source_not_allowed': '您的角色不能使用此密钥来源制作密钥 CAP',
  'cap.external_key_required': '公钥为必填项',
  'cap.external_key_invalid': '该公钥不是 2048 至 8192 位的 RSA 公钥（PEM 或 DER）',
  'cap.external_key_reused': '该公钥已被本公司的某个密钥集使用过',
  'cap.key_cap_not_pending': '此密钥 CAP 的状态为 {{status}}：无法确认',
  'cap.key_cap_stale': '此密钥 CAP 是在已不再是当前密钥集的密钥集下制作的：请重新制作',
  'cap.signing_key_external': '公司 {{company}} 自行保管其 ULD 用户签名密钥：控制台无法用它签名',
};

export default texts;
