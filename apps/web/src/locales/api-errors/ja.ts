import apkFiles from './apk-files/ja';
import cap from './cap/ja';
import capFiles from './cap-files/ja';
import crt from './crt/ja';
import type { ApiErrorTexts } from './en';
import signer from './signer/ja';
import uploads from './uploads/ja';

const apiErrors: ApiErrorTexts = {
  'request.not_found': '見つかりません',
  'request.invalid_json': '本文が正しい JSON ではありません',
  'request.not_object': 'リクエストの本文は JSON オブジェクトにしてください',
  'request.invalid': '{{field}}：{{message}}',
  'request.invalid_text': '{{field}}：テキストに NUL 文字や対になっていないサロゲートは使えません',
  'request.too_large': 'リクエストの本文が大きすぎます',
  'request.unsupported_type': 'サポートされていないコンテンツタイプです',
  'request.rejected': 'リクエストが正しくありません',
  'request.rate_limited': 'リクエストが多すぎます。しばらくしてから再度お試しください',
  'server.error': 'サーバーエラー',
  'server.unavailable': 'サーバーを停止しています。もう一度お試しください',

  'access.no_authid': 'セッションがありません（AuthId）',
  'access.session_ended': 'もう一度ログインしてください。',
  'access.session_idle': 'もう一度ログインしてください。',
  'access.no_admin_token': '管理者トークンがありません',
  'access.no_metrics_token': 'メトリクストークンがありません',
  'access.forbidden': '禁止されています',

  'auth.login_incorrect': 'メールアドレスまたはパスワードが正しくありません',
  'auth.multiple_devices': '複数のデバイスでのログインは許可されていません',
  'auth.multiple_devices_verify':
    '複数のデバイスでのログインは許可されていません。他のデバイスをログアウトするには新しい確認コードを入力してください',
  'auth.otp_invalid': 'メールアドレス、パスワード、または確認コードが正しくありません。',
  'auth.verification_expired': 'メールアドレス、パスワード、または確認コードが正しくありません。',
  'auth.invalid_email': 'メールアドレスが正しくありません',
  'auth.account_locked': 'サインインの失敗が多すぎます。このアカウントは15分間ロックされています',
  'auth.too_many_codes': '誤ったコードが多すぎます。しばらく待ってから再度お試しください',
  'auth.account_disabled': 'このアカウントは無効になっています',
  'auth.email_not_registered': 'このメールアドレスは登録されていません。',
  'auth.account_not_registered': 'このアカウントはまだ登録されていません。',
  'auth.invalid_link': 'リンクの有効期限が切れているか、正しく入力されていない可能性があります。',
  'auth.email_registered': 'このメールアドレスは登録済みです。ログインしてください。',
  'auth.old_password_wrong': '現在のパスワードが正しくありません',
  'auth.code_invalid': 'コードが無効です',
  'auth.totp_not_pending': '先に認証アプリの設定を始めてください',
  'auth.totp_off': '認証アプリが有効になっていません',
  'auth.email_codes_off':
    'このアカウントではメールのコードが無効になっています。認証アプリを使用してください',
  'auth.too_many_password_checks':
    'パスワードの試行回数が多すぎます。しばらく待ってから再試行してください',

  'user.licence_exhausted':
    '会社 {{company}} の {{group}} ライセンスに空きがありません（{{total}}件中 {{used}}件使用中）',
  'user.cannot_remove_own_admin': '自分の管理ロールは外せません',
  'user.cannot_disable_self': '自分のアカウントは無効にできません',
  'user.platform_role_only': 'ロール {{role}} はプラットフォーム会社でのみ付与できます',
  'user.only_owner_grants_owner':
    'プラットフォームオーナーのロールを付与できるのはオーナーだけです',
  'user.only_admin_grants_admin':
    'プラットフォーム管理者のロールを付与できるのはプラットフォーム管理者だけです',
  'invitation.role_invalid': 'ロール「{{role}}」は会社 {{company}} では使えません',
  'invitation.company_not_found': '会社 {{company}} が見つかりません',
  'invitation.platform_roles_only':
    'プラットフォームのロールはプラットフォーム会社でのみ付与できます',
  'invitation.already_pending': '{{email}} にはすでに保留中の招待があります',
  'invitation.already_user': '{{email}} はすでにアカウントを持っています',
  'invitation.resend_limited':
    'この招待は送信回数が多すぎます。しばらく待ってから再送信してください',

  'company.code_taken': '会社コード {{code}} はすでに使われています',
  'company.platform_keeps_code': 'プラットフォーム会社のコードは変更できません',
  'sn.no_model': 'シリアル番号 {{sn}} のプレフィックスを持つ対応モデルがありません',
  'sn.in_this_company': 'シリアル番号 {{sn}} はすでにこの会社に登録されています',
  'sn.other_company': 'シリアル番号 {{sn}} は別の会社に属しています',
  'sn.import_too_large': 'ファイルが{{mb}} MBを超えています',
  'sn.import_not_csv': 'ファイルは text/csv として送信してください',
  'sn.import_line_too_long': '{{line}}行目が{{max}}文字を超えています',
  'model.name_taken': 'モデル {{name}} はすでに存在します',
  'model.prefix_taken': 'プレフィックス {{prefixes}} はすでに別のモデルに属しています',

  'erase.refused': '{{message}}',
  'erase.not_reportable': '報告できるのは失敗した消去だけです',
  'erase.demo_off': '見つかりません',
  ...apkFiles,
  ...capFiles,
  ...signer,
  ...cap,
  ...crt,
  ...uploads,
};

export default apiErrors;
