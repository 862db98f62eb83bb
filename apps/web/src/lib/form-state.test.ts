import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { touchAll, validateValues, visibleError } from './form-state';

const schema = z
  .object({
    email: z.string().min(1, 'Email is required').min(3, 'Minimum 3 symbols'),
    password: z.string().min(1, 'Password is required'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords must match' });

describe('validateValues', () => {
  it('keeps the first problem of each field', () => {
    expect(validateValues(schema, { email: '', password: 'x', confirm: 'x' })).toEqual({
      email: 'Email is required',
    });
  });

  it('reports object-level refinements on their path', () => {
    expect(validateValues(schema, { email: 'a@b.c', password: 'x', confirm: 'y' })).toEqual({
      confirm: 'Passwords must match',
    });
  });

  it('is empty for valid values', () => {
    expect(validateValues(schema, { email: 'a@b.c', password: 'x', confirm: 'x' })).toEqual({});
  });
});

describe('visibleError and touchAll', () => {
  it('shows an error only once the field is touched', () => {
    const errors = { email: 'Email is required' };
    expect(visibleError(errors, {}, 'email')).toBeUndefined();
    expect(visibleError(errors, touchAll({ email: '', password: '' }), 'email')).toBe(
      'Email is required',
    );
  });
});
