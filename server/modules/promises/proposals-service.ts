import { dateToStore, IMMEDIATELY, type Schedule } from '../../../src/domain/drop-schedule';
import type { CreateProposalBody, Proposal, PromiseSubjectType } from '../../../src/domain/schemas/deals';
import type { Tx } from '../../db/scope';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { recordTransition, staleConflict } from '../history/audit';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import type { CreditService } from '../credit/service';
import type { AuthUser } from '../users/repository';
import type { DealSubject, DealSubjects } from '../deals/subjects';
import type { PromisesRepository, StoredProposal } from './repository';
import { requireSchedule, type PromisesService } from './service';

const describeWhen = (p: Schedule) => (p.isImmediate ? IMMEDIATELY : `${p.scheduledDate} at ${p.scheduledTime}`);

/** 409: the proposer's side already has a proposal waiting for the other side's answer. */
const sameSideOpen = (subject: DealSubject, open: Proposal, role: 'admin' | 'player') =>
  conflict(
    `${role === 'player' ? 'You have' : 'The store has'} already proposed a new ${subject.noun} time (${describeWhen(open)}). ` +
      `Wait for the ${role === 'player' ? 'store' : 'player'} to accept or decline it before proposing another.`,
    [{ path: 'subjectId', message: `Proposal ${open.id} is still open` }],
  );

/** What createProposalsService needs. */
export interface ProposalsServiceDeps {
  tx: Tx;
  promises: PromisesRepository;
  subjects: DealSubjects;
  promisesService: PromisesService;
  creditService: CreditService;
  hub: Hub;
}

/** The helpers the use cases below share. */
function proposalsServiceCore({ promises, subjects, promisesService, hub }: ProposalsServiceDeps) {
  /** A line in the record's history; its status stays as it is. */
  const noteOnRecord = (tx: Tx, subject: DealSubject, actor: AuthUser, note: string) =>
    recordTransition(tx, { subject: subject.type, subjectId: subject.id, from: subject.status, to: subject.status, actor, note });

  /** A player sees admins as "Admin". */
  const forPlayer = (proposal: Proposal, ownerName: string): Proposal => ({
    ...proposal,
    proposedBy: proposal.proposedByRole === 'admin' ? 'Admin' : proposal.proposedBy,
    decidedBy: proposal.decidedBy && proposal.decidedBy !== ownerName ? 'Admin' : proposal.decidedBy,
  });

  const publish = (proposal: Proposal, subject: DealSubject) =>
    hub.publish(
      { type: 'PROPOSAL_UPDATE', payload: proposal },
      { ownerId: subject.ownerId },
      { type: 'PROPOSAL_UPDATE', payload: forPlayer(proposal, subject.ownerName) },
    );

  const viewFor = (viewer: AuthUser, subject: DealSubject) => (proposal: Proposal) =>
    viewer.isAdmin && subject.ownerId !== viewer.id ? proposal : forPlayer(proposal, subject.ownerName);

  const roleOf = (actor: AuthUser, subject: DealSubject) => (subject.ownerId === actor.id ? 'player' : 'admin');

  function requireOpen(subject: DealSubject) {
    if (subject.status !== subject.openStatus)
      throw conflict(`This ${subject.noun} is ${subject.status}, so its time can no longer change.`, [
        { path: 'subjectId', message: `The ${subject.noun} is ${subject.status}` },
      ]);
  }

  const scheduleOf = (body: { scheduledDate: string; scheduledTime: string; isImmediate?: boolean }): Schedule =>
    requireSchedule(body, body.isImmediate ?? body.scheduledDate === IMMEDIATELY);

  /** Loads a proposal with its record for an answer; only the other side may answer it. */
  async function forAnswer(tx: Tx, id: number, actor: AuthUser) {
    const stored = await promises.findProposal(tx, id);
    if (!stored) throw notFound(`There is no proposal ${id}`);
    const subject = await subjects.visible(tx, stored.proposal.subjectType, stored.proposal.subjectId, actor);
    const mayAnswer =
      stored.proposal.proposedByRole === 'admin' ? subject.ownerId === actor.id : actor.isAdmin && subject.ownerId !== actor.id;
    if (!mayAnswer)
      throw forbidden(
        stored.proposal.proposedByRole === 'admin'
          ? 'Only the player can answer an admin’s proposal'
          : 'Only an admin can answer the player’s proposal',
      );
    if (stored.proposal.status !== 'open') {
      const { status, decidedBy, decidedAt } = stored.proposal;
      const name = decidedBy && roleOf(actor, subject) === 'player' && decidedBy !== subject.ownerName ? 'Admin' : decidedBy;
      throw staleConflict({ status, actorName: name, at: decidedAt }, promisesService.timeZone);
    }
    return { stored, subject };
  }

  return { noteOnRecord, forPlayer, publish, viewFor, roleOf, requireOpen, scheduleOf, forAnswer };
}
type ProposalsServiceCore = ReturnType<typeof proposalsServiceCore>;

/** Proposing a new time for a drop or a pickup. */
function proposing(
  { tx, promises, subjects, promisesService }: ProposalsServiceDeps,
  { noteOnRecord, publish, viewFor, roleOf, requireOpen, scheduleOf }: ProposalsServiceCore,
) {
  return {
    /** POST /api/proposals (and the admin's PATCH …/schedule): a new time, replacing an open proposal on the record. */
    async propose(actor: AuthUser, body: CreateProposalBody): Promise<Proposal> {
      const schedule = scheduleOf(body);
      const time = promisesService.checkSchedule(schedule);
      const { proposal, replaced, subject } = await tx.run(async (tx) => {
        const subject = await subjects.visible(tx, body.subjectType, body.subjectId, actor);
        requireOpen(subject);
        const previous = await promises.openProposalOf(tx, body.subjectType, body.subjectId);
        const role = roleOf(actor, subject);
        // One open proposal per side (DESIGN §13, issue 45.7: 100 in a row were all taken): the other side answers it
        // first. A proposal of the other side's is replaced: the new time answers it.
        if (previous && previous.proposal.proposedByRole === role) throw sameSideOpen(subject, previous.proposal, role);
        const at = nowIso();
        if (previous) await promises.closeProposal(tx, previous.proposal.id, { status: 'withdrawn', at, by: actor.username });
        const id = await promises.insertProposal(tx, {
          kind: body.subjectType,
          subject_id: body.subjectId,
          scheduled_date: dateToStore(schedule),
          scheduled_time: schedule.scheduledTime,
          is_immediate: schedule.isImmediate ? 1 : 0,
          promised_at: time.promisedAt.toISOString(),
          proposed_by_id: actor.id,
          proposed_by: actor.username,
          proposed_by_role: role,
          created_at: at,
        });
        await noteOnRecord(
          tx,
          subject,
          actor,
          `New ${subject.noun} time proposed: ${describeWhen(schedule)}. The current promise stands until the ${role === 'admin' ? 'player' : 'store'} accepts.`,
        );
        return {
          proposal: (await promises.findProposal(tx, id))!.proposal,
          replaced: previous ? (await promises.findProposal(tx, previous.proposal.id))!.proposal : null,
          subject,
        };
      });
      if (replaced) publish(replaced, subject);
      publish(proposal, subject);
      return viewFor(actor, subject)(proposal);
    },
  };
}

/** Accepting or declining a proposed time. */
function answering(
  { tx, promises, promisesService, creditService }: ProposalsServiceDeps,
  { noteOnRecord, publish, viewFor, requireOpen, forAnswer }: ProposalsServiceCore,
) {
  return {
    /** The other side accepts: the old promise ends as rescheduled (credited first if already missed), the new one counts. */
    async accept(id: number, actor: AuthUser): Promise<Proposal> {
      const { proposal, subject, credited } = await tx.run(async (tx) => {
        const { stored, subject } = await forAnswer(tx, id, actor);
        requireOpen(subject);
        const p = stored.proposal;
        const schedule: Schedule = { scheduledDate: p.scheduledDate, scheduledTime: p.scheduledTime, isImmediate: p.isImmediate };
        // A late acceptance leaves the credit already due: a promise past its deadline is credited before it is replaced.
        const record = { kind: subject.type, subjectId: subject.id };
        const late = await promisesService.requireBeforeDeadline(tx, { ...record, recordStatus: subject.status });
        const promiseId = await promisesService.promise(tx, {
          ...record,
          ownerId: subject.ownerId,
          schedule,
          baseCents: subject.baseCents,
          actor,
        });
        await subject.setSchedule(tx, promiseId, schedule);
        await promises.closeProposal(tx, p.id, { status: 'accepted', at: nowIso(), by: actor.username });
        await noteOnRecord(
          tx,
          subject,
          actor,
          `${subject.noun === 'drop' ? 'Drop' : 'Pickup'} rescheduled to ${describeWhen(p)} (proposed by ${p.proposedBy}, accepted by ${actor.username}).`,
        );
        await subject.publish(tx);
        return { proposal: (await promises.findProposal(tx, p.id))!.proposal, subject, credited: late.credited };
      });
      publish(proposal, subject);
      if (credited && credited.cents > 0) await creditService.announce(credited.userId);
      return viewFor(actor, subject)(proposal);
    },

    /** The other side declines: the old promise stands. */
    async decline(id: number, actor: AuthUser): Promise<Proposal> {
      const { proposal, subject } = await tx.run(async (tx) => {
        const { stored, subject } = await forAnswer(tx, id, actor);
        await promises.closeProposal(tx, stored.proposal.id, { status: 'declined', at: nowIso(), by: actor.username });
        await noteOnRecord(tx, subject, actor, `Proposed time ${describeWhen(stored.proposal)} declined; the promised time stands.`);
        return { proposal: (await promises.findProposal(tx, stored.proposal.id))!.proposal, subject };
      });
      publish(proposal, subject);
      return viewFor(actor, subject)(proposal);
    },
  };
}

/** The proposals a viewer may see, and one as the live update carries it. */
function reading({ tx, promises, subjects }: ProposalsServiceDeps, { forPlayer, viewFor }: ProposalsServiceCore) {
  return {
    /** GET /api/proposals: one record's proposals (newest first), or every open one the viewer may answer. */
    async list(viewer: AuthUser, query: { subjectType?: PromiseSubjectType; subjectId?: number; include?: 'own' }): Promise<Proposal[]> {
      if (query.subjectType && query.subjectId) {
        const subject = await subjects.visible(tx, query.subjectType, query.subjectId, viewer);
        return (await promises.proposalsOf(tx, query.subjectType, query.subjectId)).map((s) => viewFor(viewer, subject)(s.proposal));
      }
      const answerable: Proposal[] = [];
      for (const stored of await promises.openProposals(tx)) {
        const subject = await subjects.load(tx, stored.proposal.subjectType, stored.proposal.subjectId);
        if (!subject) continue;
        // `include=own` adds the viewer's side's proposals waiting for the other side (issue 47.6: shown on the cards).
        if (mayAnswerList(stored, subject, viewer) || (query.include === 'own' && ownSide(stored, subject, viewer)))
          answerable.push(viewFor(viewer, subject)(stored.proposal));
      }
      return answerable;
    },

    /** A proposal rebuilt for the live update of another process: the admins' and the owner's versions. */
    async loadForBus(id: number) {
      const stored = await promises.findProposal(tx, id);
      if (!stored) return null;
      const subject = await subjects.load(tx, stored.proposal.subjectType, stored.proposal.subjectId);
      if (!subject) return null;
      return { proposal: stored.proposal, ownerId: subject.ownerId, ownerView: forPlayer(stored.proposal, subject.ownerName) };
    },
  };
}

/**
 * A new time is a proposal (DESIGN.md §10): an admin or the record's owner proposes, the other side accepts or
 * declines. Until accepted the old promise stands and its credit runs; accepting ends it as rescheduled (crediting it
 * first if its deadline has already passed) and the new time is the promise.
 */
export function createProposalsService(deps: ProposalsServiceDeps) {
  const core = proposalsServiceCore(deps);
  return {
    ...proposing(deps, core),
    ...answering(deps, core),
    ...reading(deps, core),
  };
}

/** Whether the viewer's side made the proposal: the owner's own, or (for an admin) the store's on another's record. */
function ownSide(stored: StoredProposal, subject: DealSubject, viewer: AuthUser): boolean {
  if (stored.proposal.proposedByRole === 'player') return subject.ownerId === viewer.id;
  return viewer.isAdmin && subject.ownerId !== viewer.id;
}

function mayAnswerList(stored: StoredProposal, subject: DealSubject, viewer: AuthUser): boolean {
  if (stored.proposal.proposedByRole === 'admin') return subject.ownerId === viewer.id;
  return viewer.isAdmin && subject.ownerId !== viewer.id;
}
export type ProposalsService = ReturnType<typeof createProposalsService>;
