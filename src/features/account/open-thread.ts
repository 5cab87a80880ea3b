import { createContext, useContext } from 'react';
import type { ConversationSubject } from '@/domain/schemas/conversations';

/**
 * The deal whose conversation the account opens on: a message notification's link names it
 * (/my-activity?tab=buy&thread=12), so the tap lands on that card with its Messages open, not on the top of the list.
 */
export interface OpenThread {
  subject: ConversationSubject;
  id: number;
}

export const OpenThreadContext = createContext<OpenThread | null>(null);

/** Whether this deal's conversation is the one the account was opened on. */
export function useOpensThread(subject: ConversationSubject, id: number): boolean {
  const open = useContext(OpenThreadContext);
  return open !== null && open.subject === subject && open.id === id;
}
