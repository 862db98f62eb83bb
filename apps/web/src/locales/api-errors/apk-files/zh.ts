import type { APK_FILE_ERRORS } from '@tkc/contracts/api/errors-apk-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof APK_FILE_ERRORS, string> = {
  'file.not_apk': '不是 APK 文件。请重新选择格式正确的文件',
  'file.apk_info_missing': '未找到信息：版本、包名',
  'zip.truncated': 'ZIP 文件不完整：文件在其记录所示的位置之前就结束了。',
  'zip.central_directory_broken': 'ZIP 结构已损坏：{{detail}}。',
  'zip.zip64_unsupported': '不支持 ZIP64 压缩包（超过 4 GiB 或 65,535 个条目）。',
  'zip.multi_disk_unsupported': '不支持分卷到多个磁盘的 ZIP 压缩包。',
  'zip.too_many_entries': 'ZIP 包含 {{count}} 个条目；最多接受 {{limit}} 个。',
  'zip.duplicate_entry': 'ZIP 中有两个名为“{{name}}”的条目。',
  'zip.unsafe_entry_name': 'ZIP 中有一个名称不安全的条目：“{{name}}”。',
  'zip.encrypted_entry': 'ZIP 中有一个加密的条目：“{{name}}”。',
  'zip.unsupported_compression':
    '条目“{{name}}”使用压缩方法 {{method}}；仅支持 stored (0) 和 deflate (8)。',
  'zip.entry_too_large':
    '条目“{{name}}”声明的未压缩大小为 {{size}} 字节；最多接受 {{limit}} 字节。',
  'zip.total_too_large': 'ZIP 中各条目声明的未压缩大小合计超过 {{limit}} 字节。',
  'zip.compression_ratio_too_high':
    '条目“{{name}}”解压后将是其压缩大小的 {{ratio}} 倍；最多接受 {{limit}} 倍。',
  'zip.overlapping_entries': '条目“{{first}}”和“{{second}}”在文件中相互重叠。',
  'zip.entry_size_mismatch': '条目“{{name}}”解压得到的字节数与其头部声明的 {{detail}} 不符。',
  'zip.entry_corrupt': '条目“{{name}}”已损坏：{{detail}}。',
  'apk.manifest_malformed': 'AndroidManifest.xml 不是有效的 Android 二进制 XML：{{detail}}。',
  'apk.entry_too_large_to_read': '条目“{{name}}”声明了 {{size}} 字节；最多读取 {{limit}} 字节。',
  'apk.signing_block_malformed': 'APK Signing Block 格式错误：{{detail}}。',
  'apk.signature_too_large': 'APK 的签名数据超过 {{limit}} 字节。',
  'apk.v1_signature_malformed': '无法读取 JAR (v1) 签名文件“{{name}}”。',
  'apk.certificate_malformed': '无法读取签名证书。',
  'apk.v1_ecdsa_needs_min_sdk_18':
    '使用 ECDSA 密钥进行 JAR (v1) 签名需要 minSdkVersion 18 或更高；此 APK 声明的是 {{minSdkVersion}}。',
};

export default texts;
