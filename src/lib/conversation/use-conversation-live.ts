import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConversationSubject, UnreadCounts } from '@/domain/schemas/conversations';
import { getUserData, useCurrentUserName } from '../current-user';
import { subscribeSocket } from '../socket';
import { addMessage, CONVERSATION_KEY, proposalsQueryOptions, unreadOf, unreadQueryOptions } from './queries';

/**
 * Keeps conversations live over /ws while mounted: a NEW_MESSAGE joins its thread's cached list and the unread counts
 * are read again; when the network comes back every conversation query is read again (what came meanwhile was missed).
 */
export function useConversationLive(enabled = true): void {
  const queryClient = useQueryClient();
  const username = useCurrentUserName();
  useEffect(() => {
    if (!enabled || !username) return;
    // Messages written while this device had no network never reached its socket: read the threads again.
    const onOnline = () => void queryClient.invalidateQueries({ queryKey: CONVERSATION_KEY });
    window.addEventListener('online', onOnline);
    const stop = subscribeSocket((message) => {
      if (message.type === 'PROPOSAL_UPDATE') {
        const { subjectType, subjectId } = message.payload;
        void queryClient.invalidateQueries({ queryKey: proposalsQueryOptions(subjectType, subjectId).queryKey });
        return;
      }
      if (message.type !== 'NEW_MESSAGE') return;
      const { subjectType, subjectId, message: sent } = message.payload;
      // Admins all receive one copy with `mine` false: each admin's app knows its own name.
      const mine = sent.mine || (Boolean(getUserData()?.isAdmin) && sent.authorName === username);
      addMessage(queryClient, subjectType, subjectId, { ...sent, mine });
      if (!mine) void queryClient.invalidateQueries({ queryKey: unreadQueryOptions().queryKey });
    });
    return () => {
      stop();
      window.removeEventListener('online', onOnline);
    };
  }, [enabled, queryClient, username]);
}

/** The session user's unread counts, live; undefined until loaded (or signed out). */
export function useUnreadCounts(enabled = true): UnreadCounts | undefined {
  const username = useCurrentUserName();
  useConversationLive(enabled);
  return useQuery({ ...unreadQueryOptions(), enabled: enabled && Boolean(username) }).data;
}

/** Unread messages of one thread from the cached counts (kept live by the screen's useUnreadCounts, not per card). */
export function useThreadUnread(subject: ConversationSubject, id: number): number {
  const username = useCurrentUserName();
  return unreadOf(useQuery({ ...unreadQueryOptions(), enabled: Boolean(username) }).data, subject, id);
}
