import { beforeAll, expect } from 'vitest';
import { YEAR } from '../support/dates';
import { Client, logIn, signUp, submitItem, useServerWithCast } from './helpers';

// The shared steps of the drop-day tests (drop-day.test.ts, drop-day-proof.test.ts).

export const APPROVE = { status: 'approved', scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };

/** The file's server and cast, and `team.dave`: a second admin, to act on the same records as the first. */
export function useDropDayServer() {
  const { server, cast } = useServerWithCast();
  const team = {} as { dave: Client };
  beforeAll(async () => {
    await signUp(server, 'dave');
    expect((await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: true })).status).toBe(200);
    team.dave = await logIn(server, 'dave');
  });

  /** A pickup of a new submission of `player`, scheduled by the first admin for 3/14 at 4:30 PM. */
  async function scheduledPickup(player = cast.alice) {
    const submission = await submitItem(player);
    const created = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.id,
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
    });
    expect(created.status).toBe(201);
    return { submissionId: submission.id as number, pickupId: created.body.id as number };
  }
  return { server, cast, team, scheduledPickup };
}
