// One search across every admin list (issue 33 item 2): each record's searchable text is built once per list
// (a WeakMap keyed by the record object, so a list patched by the socket rebuilds only the records that changed),
// and a letter typed then costs one `includes` per record instead of normalising every field again.
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import type { PlayerContact } from '@/domain/schemas/users';

const SEPARATOR = '\u0001';

/** Lower case, accents folded, trimmed: how both the record's text and the query are compared. */
export const normaliseSearch = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** A record ready to be searched: its number and its fields joined into one folded text. */
export interface Indexed<T> {
  record: T;
  id: number;
  text: string;
  /** The player's username as a key of the contact index (lower case: usernames compare without case). */
  player: string | null;
}

/** Each player's email, PS5 and Roblox names as one folded text, by lower-case username. */
export type ContactIndex = ReadonlyMap<string, string>;

const playerKey = (username: string | null | undefined) => (username ? username.toLowerCase() : null);

/** Folds every player's contact fields once, so a Roblox or PS5 name is found like a field of the record. */
export function indexContacts(contacts: readonly PlayerContact[]): ContactIndex {
  const index = new Map<string, string>();
  for (const contact of contacts) {
    const fields = [contact.contactEmail, contact.ps5Username, contact.robloxUsername].filter(Boolean) as string[];
    if (fields.length) index.set(contact.username.toLowerCase(), SEPARATOR + fields.map(normaliseSearch).join(SEPARATOR) + SEPARATOR);
  }
  return index;
}

/** Builds (and remembers, per record object) the searchable entry of each record. */
export function createSearchIndex<T extends object>(
  id: (record: T) => number,
  fields: (record: T) => ReadonlyArray<string | null | undefined>,
  player: (record: T) => string | null | undefined,
) {
  const cache = new WeakMap<T, Indexed<T>>();
  return (records: readonly T[]): Indexed<T>[] =>
    records.map((record) => {
      let entry = cache.get(record);
      if (!entry) {
        const text =
          SEPARATOR +
          fields(record)
            .filter(Boolean)
            .map((field) => normaliseSearch(field!))
            .join(SEPARATOR) +
          SEPARATOR;
        entry = { record, id: id(record), text, player: playerKey(player(record)) };
        cache.set(record, entry);
      }
      return entry;
    });
}

/** A parsed query: its words, and the record number it names ('#3' or '3'), if any. */
export interface SearchQuery {
  words: string[];
  /** '#3': only record 3. */
  exactId: number | null;
  /** '3': record 3 first, and any other record whose text contains 3. */
  numberLike: number | null;
}

export function parseSearch(query: string): SearchQuery {
  const words = normaliseSearch(query).split(/\s+/).filter(Boolean);
  const single = words.length === 1 ? words[0] : null;
  const hash = single ? /^#(\d{1,12})$/.exec(single) : null;
  const bare = single ? /^(\d{1,12})$/.exec(single) : null;
  return { words, exactId: hash ? Number(hash[1]) : null, numberLike: bare ? Number(bare[1]) : null };
}

/**
 * Whether an indexed record answers the query (an empty query answers everything): each word in the record's text or
 * in its player's contact (email, PS5 or Roblox name).
 */
export function matchesIndexed<T>(entry: Indexed<T>, query: SearchQuery, contacts?: ContactIndex): boolean {
  if (query.exactId !== null) return entry.id === query.exactId;
  if (query.numberLike !== null && entry.id === query.numberLike) return true;
  const contact = entry.player !== null ? contacts?.get(entry.player) : undefined;
  return query.words.every((word) => entry.text.includes(word) || (contact !== undefined && contact.includes(word)));
}

/** The records answering the query, in their order, with the record whose number was typed first. */
export function searchIndexed<T>(entries: readonly Indexed<T>[], query: SearchQuery | string, contacts?: ContactIndex): T[] {
  const parsed = typeof query === 'string' ? parseSearch(query) : query;
  if (parsed.words.length === 0) return entries.map((entry) => entry.record);
  const found: T[] = [];
  let first: T | null = null;
  for (const entry of entries) {
    if (!matchesIndexed(entry, parsed, contacts)) continue;
    if (parsed.numberLike !== null && entry.id === parsed.numberLike) first = entry.record;
    else found.push(entry.record);
  }
  return first ? [first, ...found] : found;
}

/** Purchase requests are found by number, player, email and every item (and the player's contact). */
export const indexRequests = createSearchIndex<PurchaseRequest>(
  (request) => request.id,
  (request) => [`#${request.id}`, request.requesterName, request.contactEmail, ...request.items.map((item) => item.name)],
  (request) => request.requesterName,
);

/** Submissions are found by number, seller and the item's names (and the seller's contact). */
export const indexSubmissions = createSearchIndex<ItemSubmission>(
  (submission) => submission.id,
  (submission) => [`#${submission.id}`, submission.submittedBy, submission.ps5Name, submission.robloxName],
  (submission) => submission.submittedBy,
);

/** Pickups are found by their submission's number (the number the admin knows), seller and item (and contact). */
export const indexPickups = createSearchIndex<ScheduledPickup>(
  (pickup) => pickup.submissionId,
  (pickup) => [`#${pickup.submissionId}`, pickup.submission?.submittedBy, pickup.submission?.ps5Name, pickup.submission?.robloxName],
  (pickup) => pickup.submission?.submittedBy,
);
