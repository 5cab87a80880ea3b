import { useCallback, useMemo, useState } from 'react';
import { MESSAGES_PAGE_SIZE, type ConversationMessage, type ConversationSubject } from '@/domain/schemas/conversations';
import { apiRequest } from '../api-client';
import { threadPath } from './queries';

interface Earlier {
  /** The thread they belong to: another thread starts with none. */
  thread: string;
  messages: ConversationMessage[];
  /** Whether the last page read was full (so more may be before it). */
  full: boolean;
}

const NONE: Omit<Earlier, 'thread'> = { messages: [], full: true };

/**
 * The pages before a thread's newest (DESIGN §13: a thread answers 50 messages at a time, newest first), read one
 * page at a time when the person asks for them (issue 45.7), so nothing a long thread had is out of reach. `latest` is
 * the thread's cached newest page, with live messages added; `more` says whether earlier ones may exist.
 */
export function useEarlierMessages(subject: ConversationSubject, id: number, latest: ConversationMessage[] | undefined) {
  const thread = `${subject}/${id}`;
  const [state, setState] = useState<Earlier>({ thread, messages: [], full: true });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const earlier = state.thread === thread ? state : NONE;
  const oldest = earlier.messages[0] ?? latest?.[0];
  // Before any earlier page is read, the newest page being full is the sign of more.
  const more = !!oldest && (earlier.messages.length > 0 ? earlier.full : (latest?.length ?? 0) >= MESSAGES_PAGE_SIZE);

  const showEarlier = useCallback(async () => {
    if (!oldest) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await apiRequest<ConversationMessage[]>(`${threadPath(subject, id)}?before=${oldest.id}&limit=${MESSAGES_PAGE_SIZE}`);
      setState((now) => ({
        thread,
        messages: [...page, ...(now.thread === thread ? now.messages : [])],
        full: page.length >= MESSAGES_PAGE_SIZE,
      }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [oldest, subject, id, thread]);

  // The earlier pages, then the newest (a message in both shows once).
  const pages = earlier.messages;
  const messages = useMemo(() => {
    if (!latest) return undefined;
    const known = new Set(pages.map((message) => message.id));
    return [...pages, ...latest.filter((message) => !known.has(message.id))];
  }, [pages, latest]);
  return { messages, more, loading, failed, showEarlier };
}
