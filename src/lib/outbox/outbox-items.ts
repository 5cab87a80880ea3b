// The outbox as the screens list it: each queued item of the signed-in user, described, kept up to date.
import { useEffect, useState } from 'react';
import { useCurrentUserName } from '../current-user';
import type { OutboxKind, OutboxState } from '../db';
import { describeOutboxRecord, type OutboxFact } from './describe';
import { listOutboxRecords, onOutboxChange } from './store';

export interface OutboxView {
  id: string;
  kind: OutboxKind;
  state: OutboxState;
  error?: string;
  createdAt: string;
  /** What to show in a list: the sell item name or the purchase summary. */
  title: string;
  /** Quantity, category or total. */
  detail: string;
  /** A queued sell's quantity, payment and payout. */
  facts?: OutboxFact[];
  /** The queued call's JSON payload (SellPayload or CreatePurchaseRequestBody). */
  payload: unknown;
  /** Object URL of a queued photo, if any (revoked when the list changes). */
  photoUrl?: string;
  /** A held action's not-before time (ISO 8601): until then it may be undone. */
  notBefore?: string;
}
/** Queued items of the signed-in user for My Sell/Buy Requests, re-rendering on every outbox change (any tab). */
export function useOutboxItems(kind: OutboxKind): OutboxView[] {
  const username = useCurrentUserName();
  const [items, setItems] = useState<OutboxView[]>([]);
  useEffect(() => {
    let alive = true;
    let urls: string[] = [];
    const load = async () => {
      const records = username ? await listOutboxRecords({ username, kind }).catch(() => []) : [];
      if (!alive) return;
      urls.forEach((u) => URL.revokeObjectURL(u));
      urls = [];
      setItems(
        records.map((r) => {
          const photoUrl = r.photo ? URL.createObjectURL(r.photo) : undefined;
          if (photoUrl) urls.push(photoUrl);
          return {
            id: r.id,
            kind: r.kind,
            state: r.state,
            error: r.error,
            createdAt: r.createdAt,
            payload: r.payload,
            photoUrl,
            ...(r.notBefore ? { notBefore: r.notBefore } : {}),
            ...describeOutboxRecord(r),
          };
        }),
      );
    };
    void load();
    const unsubscribe = onOutboxChange((change) => {
      if (change.kind === kind) void load();
    });
    return () => {
      alive = false;
      unsubscribe();
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [username, kind]);
  return items;
}
