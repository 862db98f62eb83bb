import { apiRequest } from '@/lib/api-client';

// POST /auth/login/otp: mails a 6-digit code for the pending sign-in the verification token names.

export type SendLoginOtpInput = { verify_token: string; ip?: string };

export async function sendLoginOtp(input: SendLoginOtpInput): Promise<void> {
  await apiRequest('/auth/login/otp', { method: 'POST', body: input, auth: 'none' });
}
