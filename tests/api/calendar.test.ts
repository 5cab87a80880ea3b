import { describe, expect, it } from 'vitest';
import { submitItem, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

// Issue 50.4: a promised drop or pickup can be added to the phone's calendar (.ics), at its instant in UTC so every
// calendar shows it in its own time zone. The store's zone in tests is UTC unless STORE_TIMEZONE says otherwise.
const { cast } = useServerWithCast({ storeTimeZone: 'America/New_York', publicOrigin: 'https://market.example' });

const SCHEDULE = { scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };

/** The lines of an .ics text, unfolded (RFC 5545 folds long lines with CRLF + a space). */
const lines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('GET /api/calendar/{purchase-request|pickup}/{id}.ics', () => {
  it('when a drop is promised, then its owner gets an event at that instant in UTC, named and linked back to the request', async () => {
    const order = (
      await cast.alice.post('/api/purchase-requests', { items: [{ name: 'Glock', category: 'Weapons', quantity: 2 }], totalPrice: 4 })
    ).body;
    expect((await cast.alice.get(`/api/calendar/purchase-request/${order.id}.ics`)).status).toBe(409);
    expect((await cast.admin.patch(`/api/purchase-requests/${order.id}/status`, { status: 'approved', ...SCHEDULE })).status).toBe(200);

    const answer = await cast.alice.get(`/api/calendar/purchase-request/${order.id}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="blockspin-drop-${order.id}.ics"`);
    const event = lines(answer.body as string);
    expect(event[0]).toBe('BEGIN:VCALENDAR');
    // 4:30 PM in New York on March 14 (daylight time, UTC−4) is 20:30 UTC.
    expect(event).toContain(`DTSTART:${YEAR}0314T203000Z`);
    expect(event).toContain('DURATION:PT30M');
    expect(event).toContain(`SUMMARY:Blockspin Market drop: request #${order.id}`);
    expect(event).toContain('DESCRIPTION:Your order (2 × Glock) is dropped in Blockspin at this time.');
    expect(event).toContain('URL:https://market.example/my-activity?tab=buy');

    // Someone else's drop is not theirs to have; an admin may; a missing one is 404; a bad kind or id is 400.
    expect((await cast.bob.get(`/api/calendar/purchase-request/${order.id}.ics`)).status).toBe(403);
    expect((await cast.admin.get(`/api/calendar/purchase-request/${order.id}.ics`)).status).toBe(200);
    expect((await cast.anonymous.get(`/api/calendar/purchase-request/${order.id}.ics`)).status).toBe(401);
    expect((await cast.alice.get('/api/calendar/purchase-request/999999.ics')).status).toBe(404);
    expect((await cast.alice.get(`/api/calendar/lunch/${order.id}.ics`)).status).toBe(400);
    expect((await cast.alice.get('/api/calendar/purchase-request/abc.ics')).status).toBe(400);
  });

  it('when a pickup is promised, then its seller gets an event for it', async () => {
    const submission = await submitItem(cast.bob);
    const pickup = await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, ...SCHEDULE });
    expect(pickup.status).toBe(201);
    const answer = await cast.bob.get(`/api/calendar/pickup/${pickup.body.id}.ics`);
    expect(answer.status).toBe(200);
    const event = lines(answer.body as string);
    expect(event).toContain(`DTSTART:${YEAR}0314T203000Z`);
    expect(event).toContain(`SUMMARY:Blockspin Market pickup: item #${submission.id}`);
    expect(event.find((line) => line.startsWith('DESCRIPTION:'))).toMatch(/^DESCRIPTION:We pick up .+ × \d+ in Blockspin at this time\.$/);
    expect((await cast.alice.get(`/api/calendar/pickup/${pickup.body.id}.ics`)).status).toBe(403);
  });
});
