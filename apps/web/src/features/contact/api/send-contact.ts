import { apiRequest } from '@/lib/api-client';

// POST /msg/us: Contact Us (docs/product.md#contact-us); the answer's authid header renews the session.

export type ContactInput = { subject: string; content: string };

export async function sendContact(input: ContactInput): Promise<void> {
  await apiRequest('/msg/us', { method: 'POST', body: input, auth: 'required' });
}
