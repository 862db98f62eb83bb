// The console's authenticated routes (docs/product.md#routes). A module of its own, without the
// permission catalogue, so the sign-in screens can link to them without loading the access rules.

export const APP_PATHS = {
  dashboard: '/dashboard',
  guide: '/guide',
  audit: '/admin/audit',
  users: '/admin/user',
  company: '/admin/company',
  companySn: '/admin/company/sn',
  keyErase: '/key-erase',
  keyEraseLog: '/key-erase/log',
  keyEraseInstruction: '/key-erase/instruction',
  signer: '/signer',
  capMaker: '/cap-maker',
  capKey: '/cap-maker/key',
  capCrt: '/cap-maker/crt/crt',
  capKcg: '/cap-maker/crt/kcg',
  accountSettings: '/account/settings',
  model: '/model',
} as const;
export type AppPath = (typeof APP_PATHS)[keyof typeof APP_PATHS];
