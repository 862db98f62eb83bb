import { describe, expect, it } from 'vitest';
import { companyBody } from './management';

// The company code's bounds (docs/product.md, companyCode 1-32) as the create form and the server
// apply them.

const company = (code: string) => companyBody.safeParse({ code, name: 'Globex' });

describe('company code', () => {
  it('takes 1 to 32 of A-Z, 0-9, _ and -', () => {
    expect(company('A').success).toBe(true);
    expect(company('A'.repeat(32)).success).toBe(true);
    expect(company('GLOBEX_2-EU').success).toBe(true);
  });

  it('refuses an empty code, a 33rd character and other characters', () => {
    expect(company('').success).toBe(false);
    expect(company('A'.repeat(33)).success).toBe(false);
    expect(company('GLO BEX').success).toBe(false);
    expect(company('globex').success).toBe(false);
  });
});
