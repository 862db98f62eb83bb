import type { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CRT_ERRORS, string> = {
  'crt.data_failed': 'CRT データを取得できませんでした。',
  'crt.models_changed': 'モデル情報が更新されました。ページを再読み込みしてもう一度お試しください',
  'crt.sn_unknown': 'シリアル番号 {{sn}} は自社の端末ではありません。',
  'crt.sn_model_mismatch': 'シリアル番号 {{sn}} は {{model}} ではなく {{actual}} の端末です。',
  'crt.sn_duplicate': 'シリアル番号 {{sn}} が重複しています。',
  'crt.group_empty': '自社にはモデル {{model}} の端末がありません。',
  'crt.group_too_large':
    'グループに含められる端末は最大 {{max}} 台です（{{count}} 台が選択されました）。',
  'crt.not_issued': '証明書 CAP はまだ準備できていません',
  'crt.already_revoked': 'この証明書はすでに失効しています',
};

export default texts;
