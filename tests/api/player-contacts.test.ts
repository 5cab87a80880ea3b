import { describe, expect, it } from 'vitest';
import { PlayerContact } from '../../src/domain/schemas/users';
import { useServerWithCast } from './helpers';

const { cast } = useServerWithCast();

describe('GET /api/marketplace/contacts', () => {
  it("when an admin asks, then it answers every player's email, PS5 and Roblox names (what one search finds them by)", async () => {
    await cast.alice.put('/api/marketplace/contact/alice', { ps5Username: 'alice_ps5', robloxUsername: 'AliceBlox' });
    await cast.bob.put('/api/marketplace/contact/bob', { contactEmail: 'bob@example.com' });
    const answer = await cast.admin.get('/api/marketplace/contacts');
    expect(answer.status).toBe(200);
    const contacts = answer.body.map((row: unknown) => PlayerContact.parse(row));
    expect(contacts).toContainEqual({ username: 'alice', contactEmail: null, ps5Username: 'alice_ps5', robloxUsername: 'AliceBlox' });
    expect(contacts).toContainEqual({ username: 'bob', contactEmail: 'bob@example.com', ps5Username: null, robloxUsername: null });
    // Only the contact: no roles, ids or anything else of the account.
    expect(Object.keys(answer.body[0]).sort()).toEqual(['contactEmail', 'ps5Username', 'robloxUsername', 'username']);
  });

  it('when a player asks, then it answers 403 and nobody is listed', async () => {
    const answer = await cast.alice.get('/api/marketplace/contacts');
    expect(answer.status).toBe(403);
    expect(Array.isArray(answer.body)).toBe(false);
  });
});
