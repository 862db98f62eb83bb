import { apiRequest } from '@/lib/api-client';

// POST /auth/reset_password: mails a reset link.

export type RequestPasswordResetInput = { email: string; ip?: string };

export async function requestPasswordReset(input: RequestPasswordResetInput): Promise<void> {
  await apiRequest('/auth/reset_password', { method: 'POST', body: input, auth: 'none' });
}
