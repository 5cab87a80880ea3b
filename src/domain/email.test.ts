import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email';
import { ContactBody } from './schemas/users';

describe('email addresses', () => {
  it.each(['me@example.com', 'first.last+tag@mail.example.co.uk', "o'neil@ex-ample.io"])(
    'when %s is given, then it is accepted',
    (text) => {
      expect(isEmailAddress(text)).toBe(true);
    },
  );

  it.each(['😀@😀.com', 'me@😀.com', 'me@example', 'me @example.com', 'me@.com', 'me@example.c0m', 'a@b@c.com', 'me@-ex.com'])(
    'when %s is given, then it is refused',
    (text) => {
      expect(isEmailAddress(text)).toBe(false);
    },
  );
});

describe('contact body', () => {
  it('when a contact value is too long, then the message names the field and its limit', () => {
    const result = ContactBody.safeParse({ ps5Username: 'x'.repeat(65) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['The PS5 username is too long (at most 64 characters)']);
  });

  it('when the email is "😀@😀.com", then it is refused as not an email address', () => {
    const result = ContactBody.safeParse({ contactEmail: '😀@😀.com' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please enter a valid email address']);
  });
});
