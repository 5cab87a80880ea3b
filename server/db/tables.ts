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
  };
  sessions: { token_hash: string; user_id: number; created_at: number; last_seen_at: number };
  setup_tokens: { token_hash: string; user_id: number; created_at: number };
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
  schema_migrations: { name: string; applied_at: string };
  stored_images: { name: string; content_type: string; bytes: Buffer; created_at: number };
  rate_limit_hits: { key: string; hits: number; reset_at: number };
}
