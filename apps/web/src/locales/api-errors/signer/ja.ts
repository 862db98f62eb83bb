import type { SIGNER_ERRORS } from '@tkc/contracts/api/errors-signer';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof SIGNER_ERRORS, string> = {
  'signer.no_source': 'ソースが選択されていません。',
  'signer.format_not_recognized': 'ファイル形式を認識できません。',
  'signer.invalid_file': '無効なファイルです。正しいファイルを選択してください。',
  'signer.file_name_length':
    'APK ファイル名は {{min}}〜{{max}} 文字にしてください (現在 {{length}} 文字)。',
  'signer.digest_mismatch':
    '転送中にファイルが変化しました。サーバーの SHA-256 は {{server}}、ブラウザーでは {{client}} でした。もう一度アップロードしてください。',
  'signer.file_too_large':
    'ファイルは {{size}} バイトです。受け付けるのは {{limit}} バイトまでです。',
  'signer.no_signing_key': '会社 {{company}} の署名鍵がありません',
  'signer.not_signed': '署名済みファイルはまだ準備できていません',
  'signer.key_exists':
    '会社 {{company}} にはすでに署名鍵があります。置き換えるには確認してください',
  'signer.key_unreadable': '鍵または証明書を読み取れません: {{detail}}',
  'signer.key_password': 'パスワードで鍵ファイルを開けません',
  'signer.key_file_too_large': '鍵ファイルが上限の {{kb}} KB を超えています',
  'signer.key_mismatch': '秘密鍵が証明書と一致しません',
  'signer.key_unsupported':
    '対応していない鍵です: {{detail}}。RSA (2048 ビット以上) または ECDSA P-256 を使用してください。',
  'approval.own_request': '自分のリクエストを承認または却下することはできません',
  'approval.not_pending': 'このリクエストはすでに処理されています',
};

export default texts;
