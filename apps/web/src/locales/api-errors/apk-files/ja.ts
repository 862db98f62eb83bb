import type { APK_FILE_ERRORS } from '@tkc/contracts/api/errors-apk-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof APK_FILE_ERRORS, string> = {
  'file.not_apk': 'APK ファイルではありません。正しい形式のファイルを選択し直してください',
  'file.apk_info_missing': '情報が見つかりません: バージョン、パッケージ',
  'zip.truncated': 'ZIP ファイルが途中で切れています。レコードが示す位置より前で終わっています。',
  'zip.central_directory_broken': 'ZIP の構造が壊れています: {{detail}}。',
  'zip.zip64_unsupported':
    'ZIP64 アーカイブ (4 GiB または 65,535 エントリ超) には対応していません。',
  'zip.multi_disk_unsupported': '複数のディスクに分割された ZIP アーカイブには対応していません。',
  'zip.too_many_entries':
    'ZIP に {{count}} 個のエントリがあります。受け付けるのは {{limit}} 個までです。',
  'zip.duplicate_entry': 'ZIP に「{{name}}」という名前のエントリが 2 つあります。',
  'zip.unsafe_entry_name': 'ZIP に安全でない名前のエントリがあります:「{{name}}」。',
  'zip.encrypted_entry': 'ZIP に暗号化されたエントリがあります:「{{name}}」。',
  'zip.unsupported_compression':
    'エントリ「{{name}}」は圧縮方式 {{method}} を使用しています。対応しているのは stored (0) と deflate (8) のみです。',
  'zip.entry_too_large':
    'エントリ「{{name}}」の非圧縮サイズは {{size}} バイトです。受け付けるのは {{limit}} バイトまでです。',
  'zip.total_too_large': 'ZIP のエントリの非圧縮サイズの合計が {{limit}} バイトを超えています。',
  'zip.compression_ratio_too_high':
    'エントリ「{{name}}」は圧縮サイズの {{ratio}} 倍に展開されます。受け付けるのは {{limit}} 倍までです。',
  'zip.overlapping_entries': 'エントリ「{{first}}」と「{{second}}」がファイル内で重なっています。',
  'zip.entry_size_mismatch':
    'エントリ「{{name}}」の展開結果は、ヘッダーが示す {{detail}} バイトと一致しません。',
  'zip.entry_corrupt': 'エントリ「{{name}}」が壊れています: {{detail}}。',
  'apk.manifest_malformed':
    'AndroidManifest.xml が有効な Android バイナリ XML ではありません: {{detail}}。',
  'apk.entry_too_large_to_read':
    'エントリ「{{name}}」のサイズは {{size}} バイトです。読み込むのは {{limit}} バイトまでです。',
  'apk.signing_block_malformed': 'APK Signing Block の形式が正しくありません: {{detail}}。',
  'apk.signature_too_large': 'APK の署名データが {{limit}} バイトを超えています。',
  'apk.v1_signature_malformed': 'JAR (v1) 署名ファイル「{{name}}」を読み取れません。',
  'apk.certificate_malformed': '署名証明書を読み取れません。',
  'apk.v1_ecdsa_needs_min_sdk_18':
    'ECDSA 鍵による JAR (v1) 署名には minSdkVersion 18 以上が必要です。この APK は {{minSdkVersion}} です。',
};

export default texts;
