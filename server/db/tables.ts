import type { Generated } from 'kysely';

/**
 * The tables as the services see them, identical on both engines (migrations/sqlite and migrations/postgres keep
 * the same names, flags as 0/1 and times as ISO text).
 */
export interface Tables {
  users: {
    id: Generated<number>;
    username: string;
    password_hash: string | null;
    contact_email: string | null;
    ps5_username: string | null;
    roblox_username: string | null;
    is_admin: Generated<number>;
    is_super_admin: Generated<number>;
    created_at: string;
    /** Set when the account was deleted: the row stays as a tombstone under which its ledger and records remain. */
    deleted_at: Generated<string | null>;
    /** Epoch ms of the user's newest session, stamped by a trigger on sessions (migration 021 / postgres 015). */
    last_sign_in_at: Generated<number | null>;
    /** The language chosen in Account ('en', 'es', 'pt-BR'), null when never chosen (migration 050, both engines). */
    language: Generated<string | null>;
  };
  server_keys: { name: string; value: string; created_at: string };
  sessions: { token_hash: string; user_id: number; created_at: number; last_seen_at: number };
  /** expires_at: null for the super admin's first-start link, set for a password reset link. */
  setup_tokens: { token_hash: string; user_id: number; created_at: number; expires_at: Generated<number | null> };
  email_verifications: { token_hash: string; user_id: number; email: string; created_at: number; expires_at: number };
  verified_emails: { user_id: number; email: string; verified_at: number };
  ended_sessions: { token_hash: string; reason: string; ended_at: number };
  user_totp: { user_id: number; secret: string; created_at: number; enabled_at: number | null; last_step: number | null };
  /** Issue 52.5: an admin's one-time recovery codes, as SHA-256 hex; used_at once one stood in for a code. */
  totp_recovery_codes: { user_id: number; code_hash: string; created_at: number; used_at: number | null };
  passkeys: {
    id: string;
    user_id: number;
    public_key: string;
    counter: number;
    transports: string | null;
    name: string;
    created_at: number;
    last_used_at: number | null;
  };
  webauthn_challenges: { challenge: string; purpose: 'register' | 'login'; user_id: number | null; created_at: number };
  session_second_factor: { token_hash: string; method: string; passed_at: number };
  idempotency_keys: { user_id: number; key: string; request_hash: string; status: number; response: string; created_at: string };
  audit_history: {
    id: Generated<number>;
    subject_type: string;
    subject_id: number;
    from_status: string | null;
    to_status: string;
    actor_id: number | null;
    actor_name: string;
    at: string;
    note: string | null;
    photo_file: string | null;
    thumbnail_file: string | null;
  };
  purchase_requests: {
    id: Generated<number>;
    requester_id: number | null;
    requester_name: string;
    /** The order's total in cents (migration 022 / postgres 016). */
    total_cents: number;
    total_items: number;
    contact_email: string | null;
    status: string;
    created_at: string;
    requested_at: string | null;
    approved_at: string | null;
    rejected_at: string | null;
    completed_at: string | null;
    rejection_reason: string | null;
    scheduled_date: string | null;
    scheduled_time: string | null;
    is_immediate_schedule: Generated<number>;
    cancelled_at: string | null;
    credit_applied_cents: Generated<number>;
    promise_id: number | null;
  };
  /** An order's lines, each its own row (migration 023 / postgres 017): keyed by (request_id, position). */
  purchase_request_lines: {
    request_id: number;
    /** The line's place in the order, from 0. */
    position: number;
    /** The line's id as the cart sent it (the API's item `id`). */
    item_id: string;
    name: string;
    category: string;
    /** The unit price in whole cents (the API's '$2.99' text is written from it). */
    unit_cents: number;
    quantity: number;
    subcategory: string | null;
    description: string | null;
  };
  item_submissions: {
    id: Generated<number>;
    submitter_id: number | null;
    submitted_by: string;
    ps5_name: string;
    roblox_name: string;
    image_file: string | null;
    thumbnail_file: string | null;
    quantity: number;
    has_multiple_quantity: Generated<number>;
    payment_method: string | null;
    status: string;
    created_at: string;
    rejected_at: string | null;
    rejection_reason: string | null;
    cancelled_at: string | null;
  };
  user_sell_requests: {
    id: Generated<number>;
    user_id: number | null;
    username: string;
    item_name: string;
    category: string;
    has_multiple_quantity: Generated<number>;
    quantity: number;
    payment_method: string;
    status: string;
    submission_id: number;
    created_at: string;
  };
  scheduled_pickups: {
    id: Generated<number>;
    submission_id: number;
    /** NULL for an immediate pickup (is_immediate = 1, migration 052). */
    scheduled_date: string | null;
    scheduled_time: string;
    is_immediate: Generated<number>;
    completed: Generated<number>;
    completed_at: string | null;
    collected_at: string | null;
    paid: Generated<number>;
    paid_at: string | null;
    created_at: string;
    agreed_price_cents: number | null;
    promise_id: number | null;
  };
  promises: {
    id: Generated<number>;
    subject_type: string;
    subject_id: number;
    user_id: number | null;
    promised_at: string;
    deadline_at: string;
    base_cents: number | null;
    status: Generated<string>;
    created_at: string;
    closed_at: string | null;
    closed_by: string | null;
  };
  proposals: {
    id: Generated<number>;
    subject_type: string;
    subject_id: number;
    /** NULL for an immediate proposal (is_immediate = 1, migration 052). */
    scheduled_date: string | null;
    scheduled_time: string;
    is_immediate: number;
    promised_at: string;
    proposed_by_id: number | null;
    proposed_by: string;
    proposed_by_role: string;
    status: Generated<string>;
    created_at: string;
    decided_at: string | null;
    decided_by: string | null;
  };
  disputes: {
    id: Generated<number>;
    subject_type: string;
    subject_id: number;
    promise_id: number;
    user_id: number | null;
    username: string;
    reason: string;
    status: Generated<string>;
    created_at: string;
    decided_at: string | null;
    decided_by: string | null;
    decision_note: string | null;
  };
  credit_ledger: {
    id: Generated<number>;
    user_id: number;
    amount_cents: number;
    kind: string;
    subject_type: string | null;
    subject_id: number | null;
    reason: string | null;
    cause: string;
    created_at: string;
    created_by: string | null;
  };
  push_subscriptions: {
    id: Generated<number>;
    endpoint: string;
    p256dh: string;
    auth: string;
    user_id: number;
    session_hash: string;
    created_at: string;
    last_success_at: string | null;
    failures: Generated<number>;
  };
  push_credit_notified: { user_id: number; last_entry_id: number };
  inbox_items: {
    id: Generated<number>;
    user_id: number;
    title: string;
    body: string;
    url: string;
    tag: string;
    created_at: string;
    read_at: string | null;
  };
  schema_migrations: { name: string; applied_at: string };
  stored_images: { name: string; content_type: string; bytes: Buffer; created_at: number };
  rate_limit_hits: { key: string; hits: number; reset_at: number };
  conversations: { id: Generated<number>; purchase_request_id: number | null; submission_id: number | null; created_at: string };
  conversation_messages: {
    id: Generated<number>;
    conversation_id: number;
    author_id: number | null;
    author_name: string;
    author_role: string;
    body: string | null;
    photo_file: string | null;
    thumbnail_file: string | null;
    created_at: string;
  };
  conversation_reads: { conversation_id: number; user_id: number; last_read_id: number };
  quick_replies: { position: number; body: string };
  /** Admin alerts claimed (issue 51): the key names the event, once. */
  alert_log: { key: string; event: string; created_at: string };
  /** The catalogue's items (issue 49, migration 040 on both engines): prices in cents, stock null = unlimited. */
  catalogue_items: {
    seq: Generated<number>;
    id: string;
    name: string;
    category: string;
    subcategory: string;
    price_cents: number | null;
    sell_price_cents: number | null;
    status: string;
    stock: number | null;
    image_file: string | null;
    thumbnail_file: string | null;
    /** JSON text: a list of other spellings. */
    aliases: string;
    amount: number | null;
    gun_class: string | null;
    unit: string | null;
    in_shop: number;
    sellable: number;
    position: number;
    version: Generated<number>;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
  };
  /** One row: the catalogue's version (bumped by every change) and when it was seeded. */
  catalogue_state: { id: number; version: number; seeded_at: string | null };
  /** An item's changes, one row per field; from and to as JSON text. */
  catalogue_changes: {
    id: Generated<number>;
    item_seq: number;
    field: string;
    from_value: string | null;
    to_value: string | null;
    actor_id: number | null;
    actor_name: string | null;
    at: string;
    reason: string | null;
  };
  /** What a purchase took from the catalogue, per item (stock taken and given back; the value card's sales). */
  purchase_catalogue_lines: {
    request_id: number;
    item_seq: number;
    quantity: number;
    unit_cents: number;
    stock_taken: Generated<number>;
    stock_returned: Generated<number>;
  };
}
