import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// POST /auth/login/otp: mails a 6-digit code (only after a correct password in the last 5 minutes).

export type SendLoginOtpInput = { email: string; ip?: string };

export async function sendLoginOtp(input: SendLoginOtpInput): Promise<void> {
  await apiRequest('/auth/login/otp', { method: 'POST', body: input, auth: 'none' });
}

export const useSendLoginOtp = () => useMutation({ mutationFn: sendLoginOtp });
