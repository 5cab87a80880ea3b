import { fromCents } from '../../src/domain/money';
import type { Tx } from '../db/scope';
import type { ConversationsService } from '../modules/conversations/service';
import type { CreditRepository } from '../modules/credit/repository';
import type { PickupsRepository } from '../modules/pickups/repository';
import type { ProposalsService } from '../modules/promises/proposals-service';
import type { PurchasesRepository } from '../modules/purchases/repository';
import type { SubmissionsRepository } from '../modules/submissions/repository';
import type { UsersRepository } from '../modules/users/repository';
import type { Carried } from '../realtime/bus';
import type { RecordNote } from '../realtime/live';

/** What a note is rebuilt from: the records' repositories and the services that know their live messages. */
export interface NoteSources {
  tx: Tx;
  purchases: PurchasesRepository;
  submissions: SubmissionsRepository;
  pickups: PickupsRepository;
  users: UsersRepository;
  credit: CreditRepository;
  proposalsService: ProposalsService;
  conversationsService: ConversationsService;
}

/** A message rebuilt from a note that does not carry it: the record as stored now, to the same audience. */
export async function loadNote(sources: NoteSources, note: RecordNote): Promise<Carried | null> {
  const { tx, purchases, submissions, proposalsService, users, credit, conversationsService } = sources;
  switch (note.type) {
    case 'NEW_PURCHASE_REQUEST':
    case 'PURCHASE_REQUEST_STATUS_UPDATE': {
      const stored = await purchases.find(tx, note.id);
      return stored ? { message: { type: note.type, payload: stored.request }, audience: { ownerId: stored.requesterId } } : null;
    }
    case 'NEW_ITEM_SUBMISSION':
    case 'ITEM_SUBMISSION_STATUS_UPDATE': {
      const stored = await submissions.findSubmission(tx, note.id);
      return stored ? { message: { type: note.type, payload: stored.submission }, audience: { ownerId: stored.submitterId } } : null;
    }
    case 'NEW_SELL_REQUEST':
    case 'SELL_REQUEST_STATUS_UPDATE': {
      const stored = await submissions.findSellRequest(tx, note.id);
      return stored ? { message: { type: note.type, payload: stored.request }, audience: { ownerId: stored.userId } } : null;
    }
    case 'NEW_SCHEDULED_PICKUP':
    case 'PICKUP_STATUS_UPDATE':
      return await pickupNote(sources, note.type, note.id);
    case 'PROPOSAL_UPDATE': {
      const loaded = await proposalsService.loadForBus(note.id);
      if (!loaded) return null;
      return {
        message: { type: 'PROPOSAL_UPDATE', payload: loaded.proposal },
        audience: { ownerId: loaded.ownerId },
        ownerMessage: { type: 'PROPOSAL_UPDATE', payload: loaded.ownerView },
      };
    }
    case 'CREDIT_UPDATE': {
      const user = await users.findById(tx, note.id);
      if (!user) return null;
      const balance = fromCents(await credit.balanceCents(tx, user.id));
      return { message: { type: 'CREDIT_UPDATE', payload: { username: user.username, balance } }, audience: { ownerId: user.id } };
    }
    case 'NEW_MESSAGE':
      return await conversationsService.loadLive(note.id);
    case 'CATALOGUE_UPDATE':
      // The note's id is the catalogue's version: the message is rebuilt from it, to every signed-in socket.
      return { message: { type: 'CATALOGUE_UPDATE', payload: { version: note.id } }, audience: { ownerId: null, everyone: true } };
  }
}

async function pickupNote(
  { tx, pickups, submissions }: NoteSources,
  type: 'NEW_SCHEDULED_PICKUP' | 'PICKUP_STATUS_UPDATE',
  id: number,
): Promise<Carried | null> {
  const pickup = await pickups.find(tx, id);
  if (!pickup) return null;
  const stored = await submissions.findSubmission(tx, pickup.submissionId);
  // Admins get the submission object; its owner gets the pickup alone.
  return {
    message: { type, payload: { ...pickup, submission: stored?.submission ?? null } },
    audience: { ownerId: stored?.submitterId ?? null },
    ownerMessage: { type, payload: pickup },
  };
}
