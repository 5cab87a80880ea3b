/** The shape of an email address a person could write to: something@domain.tld, no spaces. */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Whether `text` reads as an email address. */
export const isEmailAddress = (text: string): boolean => text.length <= 254 && EMAIL_ADDRESS.test(text);
