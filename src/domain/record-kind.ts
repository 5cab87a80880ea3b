/**
 * The kinds of record a deal is made of, one spelling everywhere in the server and the client: the API's and the
 * screens'. The tables spell them their own way ('purchase_request', 'item_submission', 'scheduled_pickup'): that is
 * stored data, so it is left as it is and mapped only inside the repositories (server/db/record-kinds.ts).
 */
export const RECORD_KINDS = ['purchase-request', 'submission', 'pickup'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The records that carry a promise: a purchase request's drop, a pickup. */
export const PROMISE_KINDS = ['purchase-request', 'pickup'] as const satisfies readonly RecordKind[];
export type PromiseKind = (typeof PROMISE_KINDS)[number];

/** The deals that have a conversation: a purchase request, or a submission with its pickup. */
export const CONVERSATION_KINDS = ['purchase-request', 'submission'] as const satisfies readonly RecordKind[];
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** What a promise is called to the people waiting for it. */
export const PROMISE_NOUN: Record<PromiseKind, 'drop' | 'pickup'> = { 'purchase-request': 'drop', pickup: 'pickup' };
