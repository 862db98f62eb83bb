import { registrationResponse } from '@tkc/contracts/api/auth';
import { AUTH_HEADER, parseAuthHeader } from '@tkc/contracts/api/auth-header';
import { apiRequest } from '@/lib/api-client';

// POST /auth/registration (invitation token in Authid): creates the account and opens a session.
// The session is handed back rather than stored, so the page can say 'Welcome.' before entering.

export type RegisterInput = {
  token: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  lang: 'de' | 'en' | 'es' | 'fr' | 'ja' | 'zh';
  address: string;
  timeZone: string;
  telephone: string;
  ip?: string;
};

export async function register({ token, ...body }: RegisterInput) {
  const answer = await apiRequest('/auth/registration', {
    method: 'POST',
    body,
    linkToken: token,
    takeSession: false,
    schema: registrationResponse,
  });
  return { userId: answer.data.user_id, session: parseAuthHeader(answer.headers.get(AUTH_HEADER)) };
}
