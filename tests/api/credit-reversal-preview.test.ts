import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { CreditReversalPreview } from '../../src/domain/schemas/credit';
import { signUp, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

const { server, cast } = useServerWithCast();

const SCHEDULE = { scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };

describe('GET /api/admin/credits/:entryId/reversal (issue 52.5)', () => {
  it('when part of the credit is spent, then the preview says first how much can still be taken back, or why nothing can yet', async () => {
    const player = await signUp(server, 'ruth');
    // A $20 order: its missed promise credits $5.
    const order = (
      await player.post('/api/purchase-requests', { items: [{ name: 'Glock', category: 'Weapons', quantity: 10 }], totalPrice: 20 })
    ).body;
    expect((await cast.admin.patch(`/api/purchase-requests/${order.id}/status`, { status: 'approved', ...SCHEDULE })).status).toBe(200);
    await server.runPromiseJob(new Date(`${YEAR}-06-01T00:00:00Z`));
    const entryId = (await player.get('/api/marketplace/credit/ruth')).body.entries[0].id as number;
    const preview = async () => {
      const answer = await cast.superAdmin.get(`/api/admin/credits/${entryId}/reversal`);
      expect(answer.status).toBe(200);
      return apiJson(CreditReversalPreview, answer.body);
    };

    expect(await preview()).toEqual({ credit: 5, amount: 5, refusal: null });
    expect((await cast.admin.get(`/api/admin/credits/${entryId}/reversal`)).status).toBe(403);

    // $2 of it goes on a request still open: nothing can be taken back until it ends, and the preview says why.
    const spender = await player.post('/api/purchase-requests', {
      items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }],
      totalPrice: 2,
      applyCredit: true,
    });
    expect(spender.body.creditApplied).toBe(2);
    expect(await preview()).toEqual({
      credit: 5,
      amount: 0,
      refusal: `The player has spent part of this credit on purchase request #${spender.body.id}, still open. Reverse it once that request is completed, rejected or cancelled.`,
    });

    // Completed, the $2 are spent for good: $3 are left to take back, and the reversal takes exactly that.
    expect((await cast.admin.patch(`/api/purchase-requests/${spender.body.id}/status`, { status: 'approved', ...SCHEDULE })).status).toBe(
      200,
    );
    expect((await cast.admin.patch(`/api/purchase-requests/${spender.body.id}/status`, { status: 'completed' })).status).toBe(200);
    expect(await preview()).toEqual({ credit: 5, amount: 3, refusal: null });
    const reversed = await cast.superAdmin.post(`/api/admin/credits/${entryId}/reverse`, { reason: 'Granted by mistake' });
    expect(reversed.status).toBe(201);
    expect(reversed.body.amount).toBe(-3);
    expect((await cast.superAdmin.get(`/api/admin/credits/${entryId}/reversal`)).status).toBe(409);
  });
});
