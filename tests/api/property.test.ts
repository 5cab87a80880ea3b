import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, logInSuperAdmin, signUp, submitItem, useServerWithCast } from './helpers';

// Every call, hit with random and malformed bodies and path ids: never a 5xx, every error a JSON `message`.
const CALLS: Array<[string, string]> = [
  ['POST', '/api/marketplace/signup'],
  ['POST', '/api/marketplace/login'],
  ['POST', '/api/marketplace/logout'],
  ['GET', '/api/marketplace/me'],
  ['PUT', '/api/marketplace/change-password/:name'],
  ['GET', '/api/marketplace/contact/:name'],
  ['PUT', '/api/marketplace/contact/:name'],
  ['POST', '/api/purchase-requests'],
  ['GET', '/api/user-purchase-requests/:name'],
  ['GET', '/api/purchase-requests'],
  ['PATCH', '/api/purchase-requests/:id/status'],
  ['PUT', '/api/purchase-requests/:id/complete'],
  ['POST', '/api/item-submissions'],
  ['GET', '/api/item-submissions'],
  ['PATCH', '/api/item-submissions/:id/status'],
  ['POST', '/api/user-sell-requests'],
  ['GET', '/api/user-sell-requests/:name'],
  ['GET', '/api/scheduled-pickups'],
  ['POST', '/api/scheduled-pickups'],
  ['PATCH', '/api/scheduled-pickups/:id/complete'],
  ['PATCH', '/api/scheduled-pickups/:id/paid'],
  ['GET', '/api/admin/marketplace-users'],
  ['POST', '/api/admin/marketplace-users/:name/admin-status'],
  ['DELETE', '/api/admin/marketplace-users/:name'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/images/:name'],
  ['GET', '/api/health'],
];

const FIELDS = [
  'username',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'contactEmail',
  'ps5Username',
  'robloxUsername',
  'items',
  'totalPrice',
  'requesterName',
  'requestedAt',
  'status',
  'scheduledDate',
  'scheduledTime',
  'isImmediateSchedule',
  'rejectionReason',
  'ps5Name',
  'robloxName',
  'imageUrl',
  'quantity',
  'hasMultipleQuantity',
  'paymentMethod',
  'submittedBy',
  'itemName',
  'category',
  'submissionId',
  'isImmediate',
  'isAdmin',
];

const item = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer()),
    name: fc.oneof(fc.constantFrom('Glock', '$12,000 Cash', '$999 Custom Cash'), fc.string()),
    category: fc.oneof(fc.constantFrom('Weapons', 'Cash', 'Custom Cash'), fc.string()),
    quantity: fc.oneof(fc.integer(), fc.double()),
    price: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const fieldValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    'pending',
    'approved',
    'rejected',
    'completed',
    'scheduled',
    'usd',
    'blockspin',
    'Immediately',
    '1/2/2026',
    '9:05 AM',
    '',
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:image/png;base64,iVBORw0KGgo=',
  ),
  fc.array(item, { maxLength: 3 }),
  fc.array(item, { maxLength: 3 }).map((items) => JSON.stringify(items)),
  fc.integer({ min: -2, max: 50 }),
);

const body = fc.oneof(
  { arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)), weight: 4 },
  { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 2 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '{"items": "[{"}', '\u0000', ''), weight: 1 },
);

const segment = fc.oneof(
  fc.integer({ min: -5, max: 40 }).map(String),
  fc.constantFrom(
    'alice',
    'bob',
    'admin',
    'ALICE',
    '0',
    '1e3',
    '99999999999999999999',
    '..',
    '%2e%2e',
    'abc.jpg',
    '0123456789abcdef0123456789abcdef.jpg',
    '%E0%A4%A',
    '%',
    '%ZZ',
    '%00',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map((value) => encodeURIComponent(value)),
);

const { server, cast } = useServerWithCast();
beforeAll(async () => {
  // Some records, so random ids sometimes land on real ones.
  for (let i = 0; i < 3; i++) {
    await cast.alice.post('/api/purchase-requests', { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 });
    await submitItem(cast.alice);
  }
});

describe('every call under random input', () => {
  it.each(CALLS)(
    'when %s %s gets random bodies and ids, then it never answers 5xx and errors carry a JSON message',
    async (method, template) => {
      const clients: Client[] = [
        new Client(server.url),
        await logIn(server, 'alice').catch(() => signUp(server, 'alice')),
        await logInSuperAdmin(server),
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: 2 }),
          segment,
          body,
          fc.option(fc.string({ maxLength: 250 }), { nil: undefined }),
          async (who, id, raw, key) => {
            const path = template.replace(/:id|:name/, id);
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (clients[who].cookie) headers.cookie = clients[who].cookie!;
            if (key !== undefined) headers['idempotency-key'] = key.replace(/[^\x20-\x7e]/g, '');
            const response = await fetch(server.url + path, {
              method,
              headers,
              body: method === 'GET' || method === 'DELETE' ? undefined : raw,
            });
            expect(response.status).toBeLessThan(500);
            if (response.status >= 400) {
              expect(response.headers.get('content-type')).toMatch(/application\/json/);
              const parsed = (await response.json()) as { message?: unknown };
              expect(typeof parsed.message).toBe('string');
            } else {
              await response.arrayBuffer();
            }
          },
        ),
        // Modest, so the whole api project stays fast; each call still sees 25 random requests × 3 callers.
        { numRuns: 25 },
      );
    },
  );
});
