import apkFiles from './apk-files/zh';
import cap from './cap/zh';
import capFiles from './cap-files/zh';
import crt from './crt/zh';
import type { ApiErrorTexts } from './en';
import signer from './signer/zh';
import uploads from './uploads/zh';

const apiErrors: ApiErrorTexts = {
  'request.not_found': '未找到',
  'request.invalid_json': '请求内容不是有效的 JSON',
  'request.not_object': '请求内容必须是 JSON 对象',
  'request.invalid': '{{field}}：{{message}}',
  'request.invalid_text': '{{field}}：文本不能包含 NUL 字符或不成对的代理项',
  'request.too_large': '请求内容过大',
  'request.unsupported_type': '不支持的内容类型',
  'request.rejected': '请求无效',
  'request.rate_limited': '请求过多，请稍后再试',
  'server.error': '服务器错误',
  'server.unavailable': '服务器正在关闭，请重试',

  'access.no_authid': '没有会话（AuthId）',
  'access.session_ended': '请重新登录。',
  'access.session_idle': '请重新登录。',
  'access.no_admin_token': '没有管理员令牌',
  'access.no_metrics_token': '没有指标令牌',
  'access.forbidden': '禁止访问',

  'auth.login_incorrect': '邮箱或密码错误',
  'auth.multiple_devices': '不允许在多个设备上登录',
  'auth.multiple_devices_verify': '不允许在多个设备上登录，请输入新的验证码以登出其他设备',
  'auth.otp_invalid': '提供的邮箱、密码或验证码无效。',
  'auth.verification_expired': '提供的邮箱、密码或验证码无效。',
  'auth.invalid_email': '邮箱无效',
  'auth.account_locked': '登录失败次数过多：此账户已被锁定 15 分钟',
  'auth.too_many_codes': '错误的验证码过多，请稍后再试',
  'auth.account_disabled': '此账户已被停用',
  'auth.email_not_registered': '此邮箱尚未注册。',
  'auth.account_not_registered': '此账户尚未注册。',
  'auth.invalid_link': '链接可能已过期或输入有误。',
  'auth.email_registered': '此邮箱已注册，请直接登录。',
  'auth.old_password_wrong': '旧密码不正确',
  'auth.code_invalid': '验证码无效',
  'auth.totp_not_pending': '请先开始设置身份验证器',
  'auth.totp_off': '身份验证器应用未开启',
  'auth.email_codes_off': '此账户已关闭邮件验证码：请使用您的身份验证器应用',
  'auth.too_many_password_checks': '密码尝试次数过多：请稍后再试',

  'user.licence_exhausted':
    '公司 {{company}} 已无可用的 {{group}} 许可：已用 {{used}} / 共 {{total}}',
  'user.cannot_remove_own_admin': '不能移除自己的管理角色',
  'user.cannot_disable_self': '不能停用自己的账户',
  'user.platform_role_only': '角色 {{role}} 只能在平台公司中授予',
  'user.only_owner_grants_owner': '只有平台所有者才能授予平台所有者角色',
  'user.only_admin_grants_admin': '只有平台管理员才能授予平台管理员角色',
  'invitation.role_invalid': '角色“{{role}}”对公司 {{company}} 无效',
  'invitation.company_not_found': '未找到公司 {{company}}',
  'invitation.platform_roles_only': '平台角色只能在平台公司中授予',
  'invitation.already_pending': '{{email}} 已有一个待处理的邀请',
  'invitation.already_user': '{{email}} 已有账户',
  'invitation.resend_limited': '此邀请发送过于频繁，请稍后再发送',

  'company.code_taken': '公司代码 {{code}} 已被使用',
  'company.platform_keeps_code': '平台公司的代码不可更改',
  'sn.no_model': '没有支持的型号使用序列号 {{sn}} 的前缀',
  'sn.in_this_company': '序列号 {{sn}} 已在本公司',
  'sn.other_company': '序列号 {{sn}} 属于其他公司',
  'sn.import_too_large': '文件超过 {{mb}} MB',
  'sn.import_not_csv': '请以 text/csv 格式发送文件',
  'sn.import_line_too_long': '第 {{line}} 行超过 {{max}} 个字符',
  'model.name_taken': '型号 {{name}} 已存在',
  'model.prefix_taken': '前缀 {{prefixes}} 已属于其他型号',

  'erase.refused': '{{message}}',
  'erase.not_reportable': '只能报告失败的擦除',
  'erase.demo_off': '未找到',
  ...apkFiles,
  ...capFiles,
  ...signer,
  ...cap,
  ...crt,
  ...uploads,
};

export default apiErrors;
