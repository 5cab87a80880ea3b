import { describe, expect, it } from 'vitest';
import { SUPER_ADMIN } from '../support/server';
import { CART, Client, createPurchase, jpegDataUrl, logIn, PASSWORD, signUp, SUBMISSION, submitItem, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

// Who may call what, call by call: signed out, the user the call is about (alice), another user (bob), an admin, the super admin.
const ROLES = ['signed out', 'the user', 'another user', 'an admin', 'the super admin'] as const;
type Role = (typeof ROLES)[number];

const { server, cast } = useServerWithCast();
let counter = 0;
const unique = (prefix: string) => `${prefix}_${++counter}`;

/** A fresh session for the role, so calls that end sessions do not disturb other cases. */
async function clientFor(role: Role): Promise<Client> {
  switch (role) {
    case 'signed out':
      return new Client(server.url);
    case 'the user':
      return logIn(server, 'alice');
    case 'another user':
      return logIn(server, 'bob');
    case 'an admin':
      return logIn(server, 'carol');
    case 'the super admin':
      return logIn(server, SUPER_ADMIN.username, SUPER_ADMIN.password);
  }
}

/** Alice, freshly signed in: the change-password case ends her other sessions. */
const owner = () => logIn(server, 'alice');

interface Call {
  name: string;
  /** Makes a fresh subject and returns the request to send. */
  prepare(): Promise<{ method: string; path: string; body?: unknown }>;
  expected: [number, number, number, number, number];
}

async function pickupFor(stage: 'scheduled' | 'collected') {
  const submission = await submitItem(await owner());
  const pickup = (
    await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, scheduledDate: 'Immediately', scheduledTime: '' })
  ).body;
  if (stage === 'collected') await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/complete`);
  return pickup.id as number;
}

let photoUrl: string;

const CALLS: Call[] = [
  { name: 'GET /api/health', prepare: async () => ({ method: 'GET', path: '/api/health' }), expected: [200, 200, 200, 200, 200] },
  {
    name: 'POST /api/marketplace/signup',
    prepare: async () => ({
      method: 'POST',
      path: '/api/marketplace/signup',
      body: { username: unique('newcomer'), password: 'abcdefgh' },
    }),
    expected: [201, 201, 201, 201, 201],
  },
  {
    name: 'POST /api/marketplace/login',
    prepare: async () => ({ method: 'POST', path: '/api/marketplace/login', body: { username: 'alice', password: PASSWORD } }),
    expected: [200, 200, 200, 200, 200],
  },
  {
    name: 'POST /api/marketplace/logout',
    prepare: async () => ({ method: 'POST', path: '/api/marketplace/logout' }),
    expected: [204, 204, 204, 204, 204],
  },
  {
    name: 'GET /api/marketplace/me',
    prepare: async () => ({ method: 'GET', path: '/api/marketplace/me' }),
    expected: [401, 200, 200, 200, 200],
  },
  {
    name: 'PUT /api/marketplace/change-password/{username}',
    prepare: async () => ({
      method: 'PUT',
      path: '/api/marketplace/change-password/alice',
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
    expected: [401, 200, 403, 403, 403],
  },
  {
    name: 'GET /api/marketplace/contact/{username}',
    prepare: async () => ({ method: 'GET', path: '/api/marketplace/contact/alice' }),
    expected: [401, 200, 403, 200, 200],
  },
  {
    name: 'PUT /api/marketplace/contact/{username}',
    prepare: async () => ({ method: 'PUT', path: '/api/marketplace/contact/alice', body: { robloxUsername: 'alice_rbx' } }),
    expected: [401, 200, 403, 403, 403],
  },
  {
    name: 'POST /api/purchase-requests',
    prepare: async () => ({ method: 'POST', path: '/api/purchase-requests', body: CART }),
    expected: [401, 201, 201, 201, 201],
  },
  {
    name: 'GET /api/user-purchase-requests/{username}',
    prepare: async () => ({ method: 'GET', path: '/api/user-purchase-requests/alice' }),
    expected: [401, 200, 403, 200, 200],
  },
  {
    name: 'GET /api/purchase-requests',
    prepare: async () => ({ method: 'GET', path: '/api/purchase-requests' }),
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'PATCH /api/purchase-requests/{id}/status',
    prepare: async () => ({
      method: 'PATCH',
      path: `/api/purchase-requests/${(await createPurchase(await owner())).id}/status`,
      body: { status: 'approved' },
    }),
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'PUT /api/purchase-requests/{id}/complete',
    prepare: async () => {
      const { id } = await createPurchase(await owner());
      await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: 'approved' });
      return { method: 'PUT', path: `/api/purchase-requests/${id}/complete` };
    },
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'POST /api/item-submissions',
    prepare: async () => ({ method: 'POST', path: '/api/item-submissions', body: SUBMISSION }),
    expected: [401, 201, 201, 201, 201],
  },
  {
    name: 'GET /api/item-submissions',
    prepare: async () => ({ method: 'GET', path: '/api/item-submissions' }),
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'PATCH /api/item-submissions/{id}/status',
    prepare: async () => ({
      method: 'PATCH',
      path: `/api/item-submissions/${(await submitItem(await owner())).id}/status`,
      body: { status: 'rejected' },
    }),
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'POST /api/user-sell-requests',
    prepare: async () => ({
      method: 'POST',
      path: '/api/user-sell-requests',
      body: { itemName: 'Glock', category: 'weapons', paymentMethod: 'usd', submissionId: (await submitItem(await owner())).id },
    }),
    // The submission is alice's: nobody else may attach a sell request to it.
    expected: [401, 201, 403, 403, 403],
  },
  {
    name: 'GET /api/user-sell-requests/{username}',
    prepare: async () => ({ method: 'GET', path: '/api/user-sell-requests/alice' }),
    expected: [401, 200, 403, 200, 200],
  },
  {
    name: 'GET /api/scheduled-pickups',
    prepare: async () => ({ method: 'GET', path: '/api/scheduled-pickups' }),
    expected: [401, 200, 200, 200, 200],
  },
  {
    name: 'POST /api/scheduled-pickups',
    prepare: async () => ({
      method: 'POST',
      path: '/api/scheduled-pickups',
      body: { submissionId: (await submitItem(await owner())).id, scheduledDate: `1/2/${YEAR}`, scheduledTime: '9:05 AM' },
    }),
    expected: [401, 403, 403, 201, 201],
  },
  {
    name: 'PATCH /api/scheduled-pickups/{id}/complete',
    prepare: async () => ({ method: 'PATCH', path: `/api/scheduled-pickups/${await pickupFor('scheduled')}/complete` }),
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'PATCH /api/scheduled-pickups/{id}/paid',
    prepare: async () => ({ method: 'PATCH', path: `/api/scheduled-pickups/${await pickupFor('collected')}/paid` }),
    expected: [401, 403, 403, 200, 200],
  },
  {
    name: 'GET /api/admin/marketplace-users',
    prepare: async () => ({ method: 'GET', path: '/api/admin/marketplace-users' }),
    expected: [401, 403, 403, 403, 200],
  },
  {
    name: 'POST /api/admin/marketplace-users/{username}/admin-status',
    prepare: async () => {
      const name = unique('target');
      await signUp(server, name);
      return { method: 'POST', path: `/api/admin/marketplace-users/${name}/admin-status`, body: { isAdmin: true } };
    },
    expected: [401, 403, 403, 403, 200],
  },
  {
    name: 'DELETE /api/admin/marketplace-users/{username}',
    prepare: async () => {
      const name = unique('doomed');
      await signUp(server, name);
      return { method: 'DELETE', path: `/api/admin/marketplace-users/${name}` };
    },
    expected: [401, 403, 403, 403, 204],
  },
  { name: 'GET /api/admin/stats', prepare: async () => ({ method: 'GET', path: '/api/admin/stats' }), expected: [401, 403, 403, 403, 200] },
  {
    name: 'GET /api/images/{file}',
    prepare: async () => {
      photoUrl ??= (await submitItem(await owner(), { imageUrl: await jpegDataUrl(16, 16) })).imageUrl;
      return { method: 'GET', path: photoUrl };
    },
    expected: [401, 200, 403, 200, 200],
  },
];

/** The 403 message of each call that is not admin-only: it says what the caller may not do. */
const REFUSALS: Record<string, string> = {
  'PUT /api/marketplace/change-password/{username}': 'You may only change your own password',
  'GET /api/marketplace/contact/{username}': "You may only see your own account's records",
  'PUT /api/marketplace/contact/{username}': 'You may only change your own account',
  'GET /api/user-purchase-requests/{username}': "You may only see your own account's records",
  'POST /api/user-sell-requests': 'submissionId must be the id of your own submission',
  'GET /api/user-sell-requests/{username}': "You may only see your own account's records",
  'GET /api/admin/marketplace-users': 'Only the super admin may do that',
  'POST /api/admin/marketplace-users/{username}/admin-status': 'Only the super admin may do that',
  'DELETE /api/admin/marketplace-users/{username}': 'Only the super admin may do that',
  'GET /api/admin/stats': 'Only the super admin may do that',
  'GET /api/images/{file}': 'You may only see your own photos',
};

describe.each(CALLS)('$name', (call) => {
  it.each(ROLES.map((role, index) => ({ role, status: call.expected[index] })))(
    'when $role calls it, then it answers $status',
    async ({ role, status }) => {
      const client = await clientFor(role);
      const { method, path, body } = await call.prepare();
      const answer = await client.request(method, path, body);
      expect(answer.status).toBe(status);
      if (status === 401) expect(answer.body.message).toBe('Please log in to continue');
      if (status === 403) expect(answer.body.message).toBe(REFUSALS[call.name] ?? 'Only admins may do that');
    },
  );
});

describe('requests from another site', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('when a state-changing call carries %s, then it answers 403 and creates nothing', async (_what, headers) => {
    const alice = await owner();
    const before = (await alice.get('/api/user-purchase-requests/alice')).body.length;
    expect(before).toBeGreaterThan(0);
    const answer = await alice.post('/api/purchase-requests', CART, headers);
    expect(answer.status).toBe(403);
    expect((await alice.get('/api/user-purchase-requests/alice')).body.length).toBe(before);
  });

  it('when the Origin is this server, then the call is allowed', async () => {
    expect(
      (await (await owner()).post('/api/purchase-requests', CART, { origin: server.url, 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(201);
  });
});
