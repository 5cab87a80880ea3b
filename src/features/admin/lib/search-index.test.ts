import { describe, expect, it } from 'vitest';
import { readPickup, readRequest, makeSubmission } from '../testing/fixtures';
import { indexContacts, indexPickups, indexRequests, indexSubmissions, parseSearch, searchIndexed } from './search-index';

describe('search index', () => {
  const three = readRequest({ id: 3, requesterName: 'Zoë', contactEmail: 'zoe@example.com' });
  const thirty = readRequest({
    id: 30,
    requesterName: 'bob',
    items: [{ id: 'x', name: 'Golden AK-47', category: 'Weapons', price: '$5.00', quantity: 1 }],
  });
  const player3 = readRequest({ id: 31, requesterName: 'player3' });
  const index = indexRequests([three, thirty, player3]);

  it("when '#3' is typed, then only request 3 answers, not 30 or a name containing 3", () => {
    expect(searchIndexed(index, '#3')).toEqual([three]);
  });

  it("when '3' is typed, then request 3 comes first, and records whose text contains 3 follow", () => {
    expect(searchIndexed(index, '3').map((request) => request.id)).toEqual([3, 30, 31]);
  });

  it('when a name, an email or an item is typed in any case and with accents folded, then it is found', () => {
    expect(searchIndexed(index, 'zoe')).toEqual([three]);
    expect(searchIndexed(index, 'ZOE@EXAMPLE')).toEqual([three]);
    expect(searchIndexed(index, 'golden ak')).toEqual([thirty]);
    expect(searchIndexed(index, 'ak bob')).toEqual([thirty]);
    expect(searchIndexed(index, 'ak zoe')).toEqual([]);
    expect(searchIndexed(index, '  ')).toEqual([three, thirty, player3]);
  });

  it('when the same record objects are indexed again, then their entries are reused (built once)', () => {
    const again = indexRequests([three, thirty, player3]);
    expect(again[0]).toBe(index[0]);
    const changed = { ...three, requesterName: 'renamed' };
    expect(searchIndexed(indexRequests([changed]), 'renamed')).toEqual([changed]);
  });

  it('when submissions and pickups are searched, then they answer by number, seller and item', () => {
    const submission = makeSubmission({ id: 7, submittedBy: 'sally', ps5Name: 'Shotgun' });
    const pickup = readPickup(submission);
    expect(searchIndexed(indexSubmissions([submission]), 'sally shotgun')).toEqual([submission]);
    expect(searchIndexed(indexSubmissions([submission]), '#7')).toEqual([submission]);
    expect(searchIndexed(indexPickups([pickup]), '#7')).toEqual([pickup]);
    expect(searchIndexed(indexPickups([pickup]), 'shot')).toEqual([pickup]);
  });

  describe("by the player's contact", () => {
    const contacts = indexContacts([
      { username: 'Zoë', contactEmail: 'zoe@example.com', ps5Username: 'ZoePS_5', robloxUsername: 'RobloxZoe' },
      { username: 'sally', contactEmail: null, ps5Username: null, robloxUsername: 'SallyBlox' },
      { username: 'bob', contactEmail: null, ps5Username: null, robloxUsername: null },
    ]);

    it("when a player's Roblox or PS5 name is typed, then their purchase requests are found", () => {
      expect(searchIndexed(index, 'robloxzoe', contacts)).toEqual([three]);
      expect(searchIndexed(index, 'zoeps_5', contacts)).toEqual([three]);
      expect(searchIndexed(index, 'robloxzoe')).toEqual([]);
    });

    it("when a seller's Roblox name is typed, then their submissions and pickups are found, with the item", () => {
      const submission = makeSubmission({ id: 8, submittedBy: 'Sally', ps5Name: 'Shotgun' });
      const other = makeSubmission({ id: 9, submittedBy: 'bob', ps5Name: 'Shotgun' });
      expect(searchIndexed(indexSubmissions([submission, other]), 'sallyblox', contacts)).toEqual([submission]);
      expect(searchIndexed(indexSubmissions([submission, other]), 'sallyblox shotgun', contacts)).toEqual([submission]);
      expect(searchIndexed(indexPickups([readPickup(submission), readPickup(other)]), 'SALLYBLOX', contacts)).toHaveLength(1);
    });

    it('when a contact email is typed, then it is found though the request was sent without one', () => {
      const noEmail = readRequest({ id: 40, requesterName: 'zoë', contactEmail: null });
      expect(searchIndexed(indexRequests([noEmail]), 'zoe@example', contacts)).toEqual([noEmail]);
    });

    it('when a word is in no field and no contact, then nothing answers', () => {
      expect(searchIndexed(index, 'robloxzoe nothing', contacts)).toEqual([]);
    });
  });

  it('parses numbers only when the query is a single number', () => {
    expect(parseSearch('#12')).toMatchObject({ exactId: 12, numberLike: null });
    expect(parseSearch(' 12 ')).toMatchObject({ exactId: null, numberLike: 12 });
    expect(parseSearch('12 ak')).toMatchObject({ exactId: null, numberLike: null, words: ['12', 'ak'] });
  });
});
