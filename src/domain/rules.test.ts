import { describe, expect, it } from 'vitest';
import { requestContactEmail } from './contact-email';
import { IMMEDIATE_SCHEDULE, isImmediateSchedule } from './drop-schedule';
import { asCents, claimedCents } from './money';
import { pricesAgree } from './pricing';
import { hasAdminAccess } from './roles';

describe('hasAdminAccess', () => {
  it('when the user is an admin or the super admin, then they have admin access; otherwise not', () => {
    expect(hasAdminAccess({ isAdmin: true, isSuperAdmin: false })).toBe(true);
    expect(hasAdminAccess({ isAdmin: false, isSuperAdmin: true })).toBe(true);
    expect(hasAdminAccess({ isAdmin: false, isSuperAdmin: false })).toBe(false);
    expect(hasAdminAccess(null)).toBe(false);
  });
});

describe('isImmediateSchedule', () => {
  it("when a flag is sent, then it decides; without one, then the date 'Immediately' does", () => {
    expect(isImmediateSchedule({ isImmediateSchedule: false, scheduledDate: 'Immediately' })).toBe(false);
    expect(isImmediateSchedule({ isImmediate: true, scheduledDate: '12/24/2030' })).toBe(true);
    expect(isImmediateSchedule({ scheduledDate: 'Immediately' })).toBe(true);
    expect(isImmediateSchedule({ scheduledDate: '12/24/2030' })).toBe(false);
    expect(IMMEDIATE_SCHEDULE).toEqual({ scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true });
  });
});

describe('pricesAgree', () => {
  it('when the client total is within a cent of the server total, then they agree; beyond, then not', () => {
    const total = asCents(1107);
    expect(pricesAgree(claimedCents(11.07), total)).toBe(true);
    expect(pricesAgree(claimedCents(11.06), total)).toBe(true);
    expect(pricesAgree(claimedCents(11.08), total)).toBe(true);
    expect(pricesAgree(claimedCents(11.05), total)).toBe(false);
    expect(pricesAgree(claimedCents(11.055), total)).toBe(false);
    expect(pricesAgree(claimedCents(0.1 + 0.2), asCents(31))).toBe(true);
  });
});

describe('requestContactEmail', () => {
  it('when an email is sent with the request, then it is used; else the account one; else none', () => {
    expect(requestContactEmail('given@example.com', 'account@example.com')).toBe('given@example.com');
    expect(requestContactEmail('', 'account@example.com')).toBe('account@example.com');
    expect(requestContactEmail(null, ' account@example.com ')).toBe('account@example.com');
    expect(requestContactEmail(undefined, null)).toBeNull();
  });
});
