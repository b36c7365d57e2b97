import { describe, expect, it } from 'vitest';
import { authFormMessageKey, authFormMessages, loginSchema, registerSchema } from '@meramot/shared';
import auth from '@/locales/en/auth.json';

const firstError = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

const valid = { name: 'Nusrat Jahan', email: 'nusrat@example.com', photoURL: '', password: 'Repair1' };

describe('loginSchema', () => {
  it('requires e-mail and password with the spec message', () => {
    const result = loginSchema.safeParse({ email: '  ', password: '' });
    expect(firstError(result, 'email')).toBe('Please fill in all fields.');
    expect(firstError(result, 'password')).toBe('Please fill in all fields.');
  });
  it('trims the e-mail and leaves its format to the identity service', () => {
    expect(loginSchema.parse({ email: ' a@b.c ', password: 'x' })).toEqual({ email: 'a@b.c', password: 'x' });
    expect(loginSchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
  });
});

describe('registerSchema', () => {
  it('accepts a valid sign-up, an empty photo URL meaning none', () => {
    expect(registerSchema.parse(valid)).toEqual({ ...valid, photoURL: null });
    expect(registerSchema.parse({ ...valid, photoURL: 'https://example.com/me.png' }).photoURL).toBe(
      'https://example.com/me.png',
    );
  });

  it.each([
    [{ name: ' ' }, 'name', 'Please fill in all required fields.'],
    [{ email: '' }, 'email', 'Please fill in all required fields.'],
    [{ password: '' }, 'password', 'Please fill in all required fields.'],
    [{ password: 'Ab1' }, 'password', 'Password must be at least 6 characters long.'],
    [{ password: 'abcdef' }, 'password', 'Password must contain at least one uppercase and one lowercase letter.'],
    [{ password: 'ABCDEF' }, 'password', 'Password must contain at least one uppercase and one lowercase letter.'],
    [{ photoURL: 'not a url' }, 'photoURL', 'Invalid URL'],
    [{ photoURL: 'javascript:alert(1)' }, 'photoURL', 'Invalid URL'],
  ])('%o fails on %s with "%s"', (change, field, message) => {
    const result = registerSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(firstError(result, field)).toBe(message);
  });

  it('needs exactly 6 characters at least (spec section 9)', () => {
    expect(registerSchema.safeParse({ ...valid, password: 'Abcde' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, password: 'Abcdef' }).success).toBe(true);
  });

  it('has every message in the auth namespace, word for word', () => {
    for (const [key, message] of Object.entries(authFormMessages)) {
      expect(auth.validation[key as keyof typeof auth.validation]).toBe(message);
      expect(authFormMessageKey(message)).toBe(key);
    }
    expect(authFormMessageKey('something else')).toBeUndefined();
  });
});
