import { useMutation } from '@tanstack/react-query';
import { type MfaMode, mfaStartResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';

// POST /auth/mfa: 'totp' starts an authenticator set-up (secret, otpauth URI and a QR PNG data
// URL); 'email' mails a 6-digit code that confirms choosing e-mail codes or a change of factor.

async function startMfa(mode: MfaMode) {
  const answer = await apiRequest('/auth/mfa', {
    method: 'POST',
    body: { mode },
    auth: 'required',
    schema: mfaStartResponse,
  });
  return answer.data;
}

export const useStartMfa = () => useMutation({ mutationFn: startMfa });
