import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { scheduleState } from '@/domain/drop-schedule';
import { describeSchedule, proposedWhen, scheduleAt } from './schedule-words';

afterEach(() => {
  i18n.load('en', {});
  i18n.activate('en');
});

describe('the one describer of a stored schedule', () => {
  it('when a drop, pickup or proposal is stored, then it reads Immediately (by its flag), To be scheduled, or its date at its time', () => {
    i18n.load('en', {});
    i18n.activate('en');
    // A pickup or proposal is immediate by its flag (its date NULL in the table, 'Immediately' in the API).
    expect(describeSchedule({ scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true })).toBe('Immediately');
    expect(describeSchedule({ scheduledDate: null, scheduledTime: null, isImmediateSchedule: true })).toBe('Immediately');
    expect(describeSchedule({ scheduledDate: '1/2/2026', scheduledTime: '3:04 PM', isImmediateSchedule: false })).toBe(
      '1/2/2026 at 3:04 PM',
    );
    expect(describeSchedule({ scheduledDate: '3/7/2026', scheduledTime: '4:05 PM', isImmediate: false })).toBe('3/7/2026 at 4:05 PM');
    expect(describeSchedule({ scheduledDate: '3/7/2026', scheduledTime: '' })).toBe('3/7/2026');
    expect(describeSchedule({ scheduledDate: null, scheduledTime: null })).toBe('To be scheduled');
    expect(proposedWhen({ scheduledDate: '3/14/2030', scheduledTime: '4:30 PM', isImmediate: false })).toBe('3/14/2030 at 4:30 PM');
    expect(proposedWhen({ scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true })).toBe('right away');
  });

  it('when the language is Spanish, then the date and time are written as Spanish writes them, never 12/2 for 2 December', () => {
    i18n.load('es', {});
    i18n.activate('es');
    expect(scheduleAt('12/2/2028', '3:30 PM')).toMatch(/^2 dic 2028 at 15:30$/);
  });

  it('when a stored schedule is read, then the flag wins over the date and an empty time is no time', () => {
    expect(scheduleState({ scheduledDate: null, isImmediateSchedule: true })).toEqual({ kind: 'immediate' });
    expect(scheduleState({ scheduledDate: '1/2/2030', scheduledTime: '' })).toEqual({ kind: 'at', date: '1/2/2030', time: null });
    expect(scheduleState({ scheduledDate: undefined })).toEqual({ kind: 'unscheduled' });
  });
});
