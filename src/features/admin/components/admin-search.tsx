import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import styled from 'styled-components';
import { SearchBox } from '@/components/search-box';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { playerContactsQueryOptions } from '../api/player-contacts';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { indexContacts, indexPickups, indexRequests, indexSubmissions, parseSearch, searchIndexed } from '../lib/search-index';
import type { AdminView } from './admin-views';
import { groupHits, pickupHits, requestHits, submissionHits, type Hit } from './search-hits';
import { useLingui } from '@/lib/i18n/react';
import { noMatch } from '../lib/texts';

/** How many results a group shows; the rest are one tap away in the list itself. */
const PER_GROUP = 5;

/**
 * One search across every admin list (issue 33 item 2): by number (#3 or 3), player, email, Roblox or PS5 name, or item; the results are
 * grouped by the list each record is on, and a result opens that list on the record. The index is built once per
 * list answer; typing is deferred so each letter paints at once even with 10,000 records.
 */
export function AdminSearch({ onOpen }: { onOpen: (view: AdminView) => void }) {
  const { _, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const requests = useQuery(purchaseRequestsQueryOptions());
  const submissions = useQuery(itemSubmissionsQueryOptions());
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const requestIndex = useMemo(() => indexRequests(requests.data ?? []), [requests.data]);
  const submissionIndex = useMemo(() => indexSubmissions(submissions.data ?? []), [submissions.data]);
  const pickupIndex = useMemo(() => indexPickups(pickups.data ?? []), [pickups.data]);
  // Read once the admin starts typing: the search finds a player by Roblox or PS5 name as well.
  const contacts = useQuery({ ...playerContactsQueryOptions(), enabled: query.trim() !== '' });
  const contactIndex = useMemo(() => indexContacts(contacts.data ?? []), [contacts.data]);

  const groups = useMemo(() => {
    const parsed = parseSearch(deferred);
    if (parsed.words.length === 0) return [];
    return groupHits([
      ...requestHits(searchIndexed(requestIndex, parsed, contactIndex)),
      ...submissionHits(searchIndexed(submissionIndex, parsed, contactIndex)),
      ...pickupHits(searchIndexed(pickupIndex, parsed, contactIndex)),
    ]);
  }, [deferred, requestIndex, submissionIndex, pickupIndex, contactIndex, i18n.locale]);

  return (
    <Wrap role="search">
      <SearchBox value={query} onChange={setQuery} label={_('Search every list: #3, player, email, Roblox or PS5 name, or item')} />
      {deferred.trim() && (
        <Results aria-label={_('Search results')} aria-busy={query !== deferred}>
          {groups.length === 0 ? (
            <p>{noMatch(deferred)}</p>
          ) : (
            groups.map((group) => <ResultGroup key={group.title} group={group} query={deferred} onOpen={onOpen} />)
          )}
        </Results>
      )}
    </Wrap>
  );
}

/** One list's results: the first few, and a button that opens the list on all of them. */
function ResultGroup({
  group,
  query,
  onOpen,
}: {
  group: { title: string; hits: Hit[] };
  query: string;
  onOpen: (view: AdminView) => void;
}) {
  const { _ } = useLingui();
  return (
    <section aria-label={group.title}>
      <h4>
        {group.title} <small>({group.hits.length})</small>
      </h4>
      <ul>
        {group.hits.slice(0, PER_GROUP).map((hit) => (
          <li key={hit.key}>
            <button type="button" onClick={() => onOpen(hit.view)}>
              <strong>{`#${hit.number}`}</strong> <span>{hit.who}</span> <small>{hit.what}</small>
            </button>
          </li>
        ))}
      </ul>
      {group.hits.length > PER_GROUP && (
        <More type="button" onClick={() => onOpen({ ...group.hits[0].view, query: query.trim() })}>
          {_('All {count} in {list}', { count: group.hits.length, list: group.title })}
        </More>
      )}
    </section>
  );
}

const Wrap = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  input {
    max-width: none;
    min-height: 48px;
  }
`;

const Results = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  h4 {
    font-size: 0.85rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ theme }) => theme.color.textMuted};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  li button {
    width: 100%;
    min-height: 44px;
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const More = styled.button`
  margin-top: ${({ theme }) => theme.space(1)};
  background: none;
  border: none;
  color: ${({ theme }) => theme.color.info};
  font: inherit;
  cursor: pointer;
  min-height: 44px;
`;
