import type { CAP_ERRORS } from '@tkc/contracts/api/errors-cap';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_ERRORS, string> = {
  'cap.no_source': 'ソースが選択されていません。',
  'cap.nested_folder': '入れ子のフォルダーは使用しないでください。',
  'cap.folder_only': 'このフォルダーには {{kinds}} ファイルのみを含めてください',
  'cap.extension_missing': '拡張子 {{extension}} のファイルが見つかりません。',
  'cap.app_file_missing': '選択したアプリケーションファイルを含めてください。',
  'cap.access_control_unsupported': 'サポートされていないアクセス制御タイプです。',
  'cap.format_not_recognized': 'ファイル形式を認識できません。',
  'cap.invalid_file': '無効なファイルです。正しいファイルを選択してください。',
  'cap.too_many_sources':
    'CAP{{n}} に含められるファイルは最大 {{max}} 個です。このフォルダーには {{count}} 個あります。',
  'cap.model_unknown': 'サポートされているモデルを選択してください',
  'cap.app_name_too_long': 'フィールドの最大長: {{max}}',
  'cap.not_ready': 'CAP はまだ準備できていません',
  'cap.key_source_not_allowed': 'あなたのロールでは、このキーソースでキー CAP を作成できません',
  'cap.external_key_required': '公開鍵は必須です',
  'cap.external_key_invalid':
    '公開鍵が 2048～8192 ビットの RSA 公開鍵 (PEM または DER) ではありません',
  'cap.external_key_reused': 'この公開鍵は、この会社のキーセットですでに使用されています',
  'cap.key_cap_not_pending': 'このキー CAP は {{status}} です。確認できません',
  'cap.key_cap_stale':
    'このキー CAP は現在のものではないキーセットで作成されました。新しいものを作成してください',
  'cap.signing_key_external':
    '会社 {{company}} は ULD ユーザー署名鍵を自社で保管しています。コンソールはこの鍵で署名できません',
};

export default texts;
