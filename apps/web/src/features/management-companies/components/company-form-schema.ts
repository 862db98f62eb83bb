import { companyBody } from '@tkc/contracts/api/management';
import { emailField } from '@tkc/contracts/fields';
import { z } from 'zod';

/**
 * The company form: the contracts' body, with an empty end date for 'open-ended' and the contact
 * e-mail's own messages (the contracts' union of e-mail or empty only says 'Invalid input').
 */
export const companyForm = companyBody.extend({
  contact_email: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const checked = emailField.safeParse(value);
      if (!checked.success) {
        ctx.addIssue({
          code: 'custom',
          message: checked.error.issues[0]?.message ?? 'Wrong email format',
        });
      }
    }),
  tier_ends_at: z
    .string()
    .refine((v) => v === '' || z.iso.date().safeParse(v).success, 'Date must be yyyy-MM-dd'),
});
