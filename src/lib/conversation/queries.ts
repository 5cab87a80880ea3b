import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConversationMessage, ConversationSubject, UnreadCounts } from '@/domain/schemas/conversations';
import type { PromiseSubjectType, Proposal } from '@/domain/schemas/deals';
import { apiRequest } from '../api-client';
import type { ListRefreshes } from '../list-refresh';
import { withOfflineSnapshot } from '../offline-snapshot';

/** Every conversation query starts with this key. */
export const CONVERSATION_KEY = ['conversation'] as const;

export const threadPath = (subject: ConversationSubject, id: number) => `/api/conversations/${subject}/${id}/messages`;

/** GET /api/conversations/{subject}/{id}/messages: oldest first; opens offline with the last copy received. */
export function messagesQueryOptions(subject: ConversationSubject, id: number) {
  return queryOptions({
    queryKey: [...CONVERSATION_KEY, 'messages', subject, id],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<ConversationMessage[]>(threadPath(subject, id), { signal })),
    // New messages arrive over /ws (useConversationLive); a reconnect reads again.
    staleTime: 30_000,
  });
}

/** GET /api/conversations/unread: the other side's messages not yet read, per thread. */
export function unreadQueryOptions() {
  return queryOptions({
    queryKey: [...CONVERSATION_KEY, 'unread'],
    queryFn: ({ signal }) => apiRequest<UnreadCounts>('/api/conversations/unread', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/conversations/quick-replies (admins). */
export function quickRepliesQueryOptions() {
  return queryOptions({
    queryKey: [...CONVERSATION_KEY, 'quick-replies'],
    queryFn: ({ signal }) => apiRequest<string[]>('/api/conversations/quick-replies', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Unread messages of one thread in the counts (0 when none). */
export const unreadOf = (counts: UnreadCounts | undefined, subject: ConversationSubject, id: number) =>
  counts?.threads.find((thread) => thread.subjectType === subject && thread.subjectId === id)?.count ?? 0;

/**
 * POST …/read {upTo}, then the counts are read again. The thread's count drops at once (a count read while the mark
 * was on its way would show it unread again until the next read). Failures are ignored: the next visit marks it again.
 */
export async function markThreadRead(queryClient: QueryClient, subject: ConversationSubject, id: number, upTo: number) {
  const key = unreadQueryOptions().queryKey;
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData(key, (counts) => {
    if (!counts) return counts;
    const threads = counts.threads.filter((thread) => !(thread.subjectType === subject && thread.subjectId === id));
    return { total: threads.reduce((sum, thread) => sum + thread.count, 0), threads };
  });
  try {
    await apiRequest(`/api/conversations/${subject}/${id}/read`, { method: 'POST', body: { upTo } });
  } catch {
    return;
  }
  await queryClient.invalidateQueries({ queryKey: key });
}

/** Puts a message into its thread's cached list once (a live message and the send's own answer may both arrive). */
export function addMessage(queryClient: QueryClient, subject: ConversationSubject, id: number, message: ConversationMessage) {
  queryClient.setQueryData(messagesQueryOptions(subject, id).queryKey, (list) => {
    if (!list) return list;
    if (list.some((known) => known.id === message.id)) return list;
    return [...list, message].sort((a, b) => a.id - b.id);
  });
}

/** A queued message the outbox has delivered: its thread is read again. */
export const CONVERSATION_REFRESHES: ListRefreshes = {
  message: [(queryClient) => queryClient.invalidateQueries({ queryKey: CONVERSATION_KEY })],
};

/** GET /api/proposals?subjectType&subjectId: the new times proposed for a drop or a pickup, shown in its thread. */
export function proposalsQueryOptions(subjectType: PromiseSubjectType, subjectId: number) {
  return queryOptions({
    queryKey: [...CONVERSATION_KEY, 'proposals', subjectType, subjectId],
    queryFn: ({ signal }) => apiRequest<Proposal[]>(`/api/proposals?subjectType=${subjectType}&subjectId=${subjectId}`, { signal }),
    staleTime: 30_000,
  });
}
