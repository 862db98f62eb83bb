import type { CAP_FILE_ERRORS } from '@tkc/contracts/api/errors-cap-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_FILE_ERRORS, string> = {
  'cap.not_cap': 'CAP ファイルではありません。有効な CAP ファイルを選択してください。',
  'cap.version_unsupported': 'CAP{{n}} はサポートされていません。',
  'cap.sign_block_missing': '署名ブロックが見つかりません。',
  'cap.truncated': 'CAP ファイルが途中で切れています: バイト {{needed}} の前で終わっています。',
  'cap.malformed': 'CAP ファイルが破損しています: {{detail}}。',
  'cap.field_out_of_bounds':
    '{{label}} は {{min}}～{{max}} 文字である必要があります (現在 {{length}} 文字)。',
  'cap.field_unsupported': '{{label}} は {{detail}} には含められません。',
  'cap.too_many_files':
    'CAP{{n}} に含められるファイルは最大 {{max}} 個です。このファイルには {{count}} 個あります。',
  'cap.file_name_unsafe': 'ファイル名「{{name}}」は使用できません: {{why}}。',
  'cap.file_name_duplicate': 'ファイル名「{{name}}」が複数回出現しています。',
  'cap.file_too_large':
    'ファイル「{{name}}」は {{size}} バイトです。この CAP バージョンでは最大 {{max}} バイトです。',
  'cap.file_changed': 'CAP の作成中にファイル「{{name}}」が変更されました。',
  'cap.signer_mismatch':
    'CAP は別の鍵で署名されています (署名者のフィンガープリント {{fingerprint}})。',
  'cap.signature_invalid': 'CAP の署名を検証できません。',
  'cap.kek_mismatch':
    'CAP の鍵ブロックは別の鍵暗号化鍵用にラップされています (フィンガープリント {{fingerprint}})。',
  'cap.key_unwrap_failed':
    'CAP の鍵ブロックをこの鍵暗号化鍵でアンラップできません (会社の鍵が違います)。',
  'cap.kcv_mismatch': 'アンラップした鍵のチェック値が鍵ブロックの {{expected}} と一致しません。',
  'cap.payload_mismatch': 'CAP のペイロードを復号してもファイルテーブルと一致しません。',
  'cap.file_digest_mismatch': '「{{file}}」の内容が SHA-256 ダイジェストと一致しません。',
  'cap.key_set_invalid': 'キー CAP のキーセットが無効です: {{detail}}。',
  'cap.certificate_set_invalid': '証明書 CAP の証明書が無効です: {{detail}}。',
  'tr31.malformed': 'TR-31 鍵ブロックの形式が正しくありません: {{detail}}。',
  'tr31.version_unsupported':
    'TR-31 鍵ブロックのバージョン {{version}} はサポートされていません (B と D はサポートされています)。',
  'tr31.kbpk_length':
    'バージョン {{version}} の鍵ブロックには {{allowed}} バイトの鍵ブロック保護鍵が必要です ({{length}} バイトではありません)。',
  'tr31.key_length': '{{length}} バイトの鍵はラップできません。',
  'tr31.mac_invalid':
    'TR-31 鍵ブロックの MAC を検証できません: 鍵ブロック保護鍵が違うか、ブロックが改変されています。',
};

export default texts;
