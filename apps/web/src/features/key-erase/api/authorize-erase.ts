import { eraseAuthResponse, eraseRefusal } from '@tkc/contracts/api/erase';
import { ERASE_STATUS, ERASE_STATUS_INDEX } from '@tkc/contracts/erase-status';
import type { Authorization } from '@tkc/terminal/erase-auth';
import { EraseAuthorizationError } from '@tkc/terminal/erase-client';
import { apiRequest, isApiError } from '@/lib/api-client';

// POST /uld/erase/auth: the server's authorisation for the terminal (sn, esn, rn). A refusal names
// the erase status the run ends with (body `erase_status`); see docs/terminal-protocol.md 7.

/** The erase status a failed authorisation call ends the run with. */
export function authorizationRefusalStatus(error: unknown): number {
  if (!isApiError(error)) return ERASE_STATUS_INDEX.serverProblem;
  const refusal = eraseRefusal.safeParse(error.body);
  if (
    refusal.success &&
    Number.isInteger(refusal.data.erase_status) &&
    refusal.data.erase_status > 0 &&
    refusal.data.erase_status < ERASE_STATUS.length
  ) {
    return refusal.data.erase_status;
  }
  if (error.status === 403) return ERASE_STATUS_INDEX.notAllowed;
  if (error.status === 429) return ERASE_STATUS_INDEX.tooManyRequests;
  // No answer, a timeout or a server failure: 16 '500 Server Problem'.
  if (error.status === 0 || error.status >= 500) return ERASE_STATUS_INDEX.serverProblem;
  return ERASE_STATUS_INDEX.cantEraseKey;
}

/** The `authorize` of runErase: resolves the authorisation or rejects with its erase status. */
export async function authorizeErase(sn: string, esn: string, rn: string): Promise<Authorization> {
  try {
    const answer = await apiRequest('/uld/erase/auth', {
      method: 'POST',
      body: { sn, esn, rn },
      schema: eraseAuthResponse,
      auth: 'required',
    });
    const { authCode, signature, certificateChain } = answer.data;
    return { authCode, signature, certificateChain };
  } catch (error) {
    throw new EraseAuthorizationError(authorizationRefusalStatus(error));
  }
}
