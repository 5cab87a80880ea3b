import type { PromiseKind } from '../../../src/domain/record-kind';
import type { Tx } from '../../db/scope';
import type { Reader } from '../../lib/i18n/messages';
import type { Logger } from '../../lib/logger';
import type { CreditService } from '../credit/service';
import type { PushNotice } from '../push/notice-parts';
import type { PromiseSettings } from './promise-time';
import type { PromisesRepository } from './repository';

/** What the promise use cases are given. */
export interface PromisesDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  promises: PromisesRepository;
  credit: CreditService;
  logger: Logger;
  settings: PromiseSettings;
  /** Tells a player something no live update carries (their inbox and their devices): a recorded no-show. */
  tell?: (userId: number, write: (reader: Reader) => PushNotice) => void;
}

/** The record a promise is made on: its kind and id. */
export interface PromiseRecord {
  kind: PromiseKind;
  subjectId: number;
}

/** What a missed promise credited: to whom, how much (0 when nothing was written). */
export interface Credited {
  userId: number | null;
  cents: number;
}

/** The status a record stands in while its promise is open. */
export const OPEN_STATUS: Record<PromiseKind, string> = { 'purchase-request': 'approved', pickup: 'scheduled' };
