import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// POST /msg/us: the Contact Us message (spec 5); the answer's authid header renews the session.

export type ContactInput = { subject: string; content: string };

export async function sendContact(input: ContactInput): Promise<void> {
  await apiRequest('/msg/us', { method: 'POST', body: input, auth: 'required' });
}

export const useSendContact = () => useMutation({ mutationFn: sendContact });
