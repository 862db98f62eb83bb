/** Action prefixes the activity filter offers ('auth' matches 'auth.login.password' and so on). */
export const AUDIT_ACTIVITIES = [
  'auth',
  'user',
  'invitation',
  'company',
  'model',
  'erase',
  'contact',
] as const;
