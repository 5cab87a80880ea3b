import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { ConversationMessage, ConversationSubject } from '@/domain/schemas/conversations';
import { markThreadRead, messagesQueryOptions, proposalsQueryOptions } from '@/lib/conversation/queries';
import type { MessagePayload } from '@/lib/conversation/send-message';
import { useConversationLive } from '@/lib/conversation/use-conversation-live';
import { useEarlierMessages } from '@/lib/conversation/use-earlier-messages';
import { useOfflineSnapshot } from '@/lib/offline-snapshot';
import { useOutboxItems } from '@/lib/outbox/outbox-items';

/**
 * What an open thread shows, kept live: its messages (the newest page is the cached query; earlier pages are read on
 * request), the new times proposed for its drop or pickup, and its messages still in the outbox. What is shown is
 * marked read.
 */
export function useThread(subject: ConversationSubject, id: number, pickupId: number | null) {
  useConversationLive();
  const options = messagesQueryOptions(subject, id);
  const thread = useQuery(options);
  const savedAt = useOfflineSnapshot(options.queryKey);
  const earlier = useEarlierMessages(subject, id, thread.data);
  const messages = earlier.messages;
  useMarkRead(subject, id, messages);
  return { thread, savedAt, messages, earlier, proposals: useProposals(subject, id, pickupId), waiting: useWaiting(subject, id) };
}

/** The new times proposed for this deal's drop or pickup, shown between the messages in time order. */
function useProposals(subject: ConversationSubject, id: number, pickupId: number | null) {
  const promise =
    subject === 'purchase-request'
      ? { type: 'purchase-request' as const, id }
      : pickupId
        ? { type: 'pickup' as const, id: pickupId }
        : null;
  return useQuery({
    ...proposalsQueryOptions(promise?.type ?? 'pickup', promise?.id ?? 0),
    enabled: promise !== null,
  }).data;
}

/** This thread's messages still in the outbox. */
function useWaiting(subject: ConversationSubject, id: number) {
  const outbox = useOutboxItems('message');
  return useMemo(
    () =>
      outbox.filter((item) => {
        const payload = item.payload as MessagePayload;
        return payload.subjectType === subject && payload.subjectId === id;
      }),
    [outbox, subject, id],
  );
}

/** Seen: everything shown is marked read (the other side's newest message, once per new one). */
function useMarkRead(subject: ConversationSubject, id: number, messages: ConversationMessage[] | undefined) {
  const queryClient = useQueryClient();
  const marked = useRef(0);
  const lastFromOthers = messages?.reduce((last, message) => (message.mine ? last : Math.max(last, message.id)), 0) ?? 0;
  useEffect(() => {
    if (lastFromOthers <= marked.current) return;
    marked.current = lastFromOthers;
    void markThreadRead(queryClient, subject, id, lastFromOthers);
  }, [lastFromOthers, queryClient, subject, id]);
}
