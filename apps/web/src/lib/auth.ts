import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { apiRequest } from './api-client';
import { queryClient } from './react-query';
import { clearSession, endSession, getSession, useSession } from './session';
import { removeStorage, storageKeys } from './storage';

// The signed-in user (docs/product.md#current-user): GET /auth/profile, loaded at start-up.

export const profileQueryKey = ['auth', 'profile'] as const;

async function getProfile(signal?: AbortSignal): Promise<CurrentUser> {
  // docs/product.md#logout: a 401 on the profile load clears the stored login and pending sign-in.
  const answer = await apiRequest('/auth/profile', {
    // Loaded with the answer: the signed-out screens paint without zod.
    schema: () => import('@tkc/contracts/api/auth').then((m) => m.profileResponse),
    auth: 'required',
    on401: 'clear',
    signal,
  });
  return answer.data;
}

const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

/** The current user while a session token exists (or just ended, for the 'Please Login again.' modal). */
export function useUser() {
  const session = useSession();
  return useQuery({ ...profileQueryOptions(), enabled: session.token !== null });
}

/**
 * Logout (docs/product.md#logout): may call the server first, then clears the token, the temporary one and the
 * current user. Never throws: a failing server call still signs the browser out.
 */
export async function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  const user = queryClient.getQueryData<CurrentUser>(profileQueryKey);
  if (callServer && getSession().token) {
    try {
      await apiRequest('/auth/logout', {
        method: 'POST',
        body: user?.email ? { email: user.email } : {},
        on401: 'ignore',
      });
    } catch {
      // The session is dropped locally whatever the server says.
    }
  }
  clearSession();
  removeStorage(storageKeys.verifyId);
  queryClient.removeQueries({ queryKey: profileQueryKey });
  queryClient.clear();
}

export type AuthStatus =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'signed-in'; user: CurrentUser }
  /** The server ended the session (401, idle): the shell stays until the user acknowledges. */
  | { status: 'ended'; user: CurrentUser };

export function useAuthStatus(): AuthStatus {
  const session = useSession();
  const profile = useUser();
  if (session.endedBy && profile.data) return { status: 'ended', user: profile.data };
  if (!session.token) return { status: 'signed-out' };
  if (profile.data) return { status: 'signed-in', user: profile.data };
  if (profile.isError) return { status: 'error', retry: () => void profile.refetch() };
  return { status: 'loading' };
}

/** POST /auth/refresh: renews the session; the authid answer header carries the new expiry. */
/**
 * Idle sign-out (docs/web.md#idle): the server ends the session, and the shell stays with
 * 'Please Login again.' until the user acknowledges, as after a 401.
 */
export async function endIdleSession(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST', body: {}, on401: 'ignore' });
  } catch {
    // Ended locally whatever the server says; the server's own idle limit ends it there too.
  }
  endSession('idle');
}

export async function refreshSession(): Promise<void> {
  await apiRequest('/auth/refresh', { method: 'POST', auth: 'required' });
}

/** PATCH /auth/profile { language }: keeps the account's language (used for its mails) in step. */
export async function saveProfileLanguage(language: string): Promise<void> {
  await apiRequest('/auth/profile', { method: 'PATCH', body: { language }, auth: 'required' });
  queryClient.setQueryData<CurrentUser>(profileQueryKey, (user) =>
    user ? { ...user, language: language as CurrentUser['language'] } : user,
  );
}
