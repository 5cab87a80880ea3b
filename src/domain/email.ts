/**
 * An email address a person could write to: name@domain.tld in the characters mail systems take (RFC 5322's atom
 * characters; labels of letters, digits and hyphens; a top-level domain of letters). "😀@😀.com" is not one (issue 30).
 */
const EMAIL_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Whether `text` reads as an email address. */
export const isEmailAddress = (text: string): boolean => text.length <= 254 && EMAIL_ADDRESS.test(text);
