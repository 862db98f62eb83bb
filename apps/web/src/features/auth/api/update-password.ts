import { apiRequest } from '@/lib/api-client';

// POST /auth/reset_password/update (link token in Authid): sets the new (hashed) password.

export type UpdatePasswordInput = { token: string; user_id: string; password: string };

export async function updatePassword({ token, ...body }: UpdatePasswordInput): Promise<void> {
  await apiRequest('/auth/reset_password/update', { method: 'POST', body, linkToken: token });
}
