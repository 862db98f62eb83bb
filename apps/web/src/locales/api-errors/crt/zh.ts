import type { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CRT_ERRORS, string> = {
  'crt.data_failed': '无法获取 CRT 数据。',
  'crt.models_changed': '型号信息已更新，请刷新后重试',
  'crt.sn_unknown': '序列号 {{sn}} 不是贵公司的终端。',
  'crt.sn_model_mismatch': '序列号 {{sn}} 是 {{actual}} 终端，而不是 {{model}}。',
  'crt.sn_duplicate': '序列号 {{sn}} 重复出现。',
  'crt.group_empty': '贵公司没有型号为 {{model}} 的终端。',
  'crt.group_too_large': '一个组最多包含 {{max}} 台终端；已选择 {{count}} 台。',
  'crt.not_issued': '证书 CAP 尚未就绪',
  'crt.already_revoked': '该证书已被吊销',
};

export default texts;
