import {
  MESSAGES_PAGE_SIZE,
  MESSAGES_PER_MINUTE,
  messageRateText,
  type ConversationMessage,
  type ConversationSubject,
  type MarkReadBody,
  type MessagesQuery,
  type SendMessageBody,
  type UnreadCounts,
} from '../../../src/domain/schemas/conversations';
import type { Tx } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import { now, nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { decodeDataUrl, processImage } from '../images/process';
import { imageUrl, type ImageStore } from '../images/store';
import type { AuthUser } from '../users/repository';
import type { ConversationsRepository, MessageRow } from './repository';

interface Deps {
  tx: Tx;
  conversations: ConversationsRepository;
  images: ImageStore;
  hub: Hub;
}

const MINUTE_MS = 60_000;

/** What a player is shown for an admin: the store speaks as one. */
export const ADMIN_NAME = 'Admin';

/** A stored message as `viewer` sees it: a player sees admins as "Admin"; `mine` marks the viewer's own. */
export function toMessage(row: MessageRow, viewer: { id: number | null; isAdmin: boolean }): ConversationMessage {
  return {
    id: row.id,
    authorName: viewer.isAdmin || row.author_role === 'player' ? row.author_name : ADMIN_NAME,
    authorRole: row.author_role as ConversationMessage['authorRole'],
    body: row.body,
    photoUrl: imageUrl(row.photo_file),
    thumbnailUrl: imageUrl(row.thumbnail_file),
    createdAt: row.created_at,
    mine: viewer.id !== null && row.author_id === viewer.id,
  };
}

/**
 * The live message to admins (names as written, `mine` false: each admin's app knows its own name) and to the owner
 * (admins as "Admin", their own marked mine). Nobody else receives it.
 */
export function liveMessage(subject: ConversationSubject, id: number, row: MessageRow, ownerId: number | null) {
  const payload = (viewer: { id: number | null; isAdmin: boolean }) => ({
    subjectType: subject,
    subjectId: id,
    message: toMessage(row, viewer),
  });
  return {
    message: { type: 'NEW_MESSAGE' as const, payload: payload({ id: null, isAdmin: true }) },
    audience: { ownerId },
    ownerMessage: { type: 'NEW_MESSAGE' as const, payload: payload({ id: ownerId, isAdmin: false }) },
  };
}

/** The helpers the use cases below share. */
function conversationsServiceCore({ tx, conversations, hub }: Deps) {
  async function requireAccess(viewer: AuthUser, subject: ConversationSubject, id: number): Promise<{ ownerId: number | null }> {
    const owner = await conversations.ownerOf(tx, subject, id);
    if (!owner) throw notFound(`There is no ${subject === 'purchase-request' ? 'purchase request' : 'item submission'} ${id}`);
    if (!viewer.isAdmin && owner.ownerId !== viewer.id) throw forbidden('You may only see the conversations of your own deals');
    return owner;
  }

  /**
   * At most MESSAGES_PER_MINUTE messages a person in any minute (DESIGN §13, issue 45.7: 3,000 in 3.2 s were all
   * accepted and each pushed to the admins). Counted in the database, so every process shares the count.
   */
  async function refuseFlood(tx: Tx, authorId: number): Promise<void> {
    const at = now().getTime();
    const recent = await conversations.writtenSince(tx, authorId, new Date(at - MINUTE_MS).toISOString());
    if (recent.count < MESSAGES_PER_MINUTE) return;
    // The wait until the oldest message of the minute leaves it, and a place frees up.
    const seconds = Math.max(1, Math.ceil((Date.parse(recent.oldest!) + MINUTE_MS - at) / 1000));
    throw new AppError(429, messageRateText(seconds), undefined, { 'Retry-After': String(seconds) });
  }

  function announce(subject: ConversationSubject, id: number, row: MessageRow, ownerId: number | null) {
    const live = liveMessage(subject, id, row, ownerId);
    hub.publish(live.message, live.audience, live.ownerMessage);
  }

  return { requireAccess, refuseFlood, announce };
}
type ConversationsServiceCore = ReturnType<typeof conversationsServiceCore>;

/** Reading a record’s conversation, a page at a time. */
function readingUseCases({ tx, conversations }: Deps, { requireAccess }: ConversationsServiceCore) {
  return {
    /** One page of the thread (DESIGN §13): the newest messages, or those before `before`; oldest first. */
    async list(viewer: AuthUser, subject: ConversationSubject, id: number, page: MessagesQuery = {}): Promise<ConversationMessage[]> {
      await requireAccess(viewer, subject, id);
      const thread = await conversations.findThread(tx, subject, id);
      if (thread === undefined) return [];
      const rows = await conversations.messagesPage(tx, thread, page.before ?? null, page.limit ?? MESSAGES_PAGE_SIZE);
      return rows.map((row) => toMessage(row, viewer));
    },
  };
}

/** Writing in a record’s conversation (words or a photo), within the flood limit. */
function writingUseCases({ tx, conversations, images }: Deps, { requireAccess, refuseFlood, announce }: ConversationsServiceCore) {
  return {
    /**
     * Stores a message (its photo first, through the same processing as every photo) and tells the thread live. The
     * owner writes as the player, anyone else as an admin. A repeated Idempotency-Key answers the first message.
     */
    async send(
      viewer: AuthUser,
      subject: ConversationSubject,
      id: number,
      body: SendMessageBody,
      idempotency: IdempotencyContext | null,
    ): Promise<Created<ConversationMessage>> {
      const { ownerId } = await requireAccess(viewer, subject, id);
      // Before the photo's work; checked again below, where it holds.
      await refuseFlood(tx, viewer.id);
      const photo = body.photo ? await images.save(await processImage(decodeDataUrl(body.photo))) : null;
      let row: MessageRow | null = null;
      try {
        // READ COMMITTED behind the author's lock: the count sees every send of theirs that went before, on any process.
        const created = await createOnce(tx.readCommitted(), idempotency, 201, async (tx) => {
          await conversations.lockAuthor(tx, viewer.id);
          await refuseFlood(tx, viewer.id);
          const createdAt = nowIso();
          const thread = await conversations.threadFor(tx, subject, id, createdAt);
          row = await conversations.insertMessage(tx, {
            conversationId: thread,
            authorId: viewer.id,
            authorName: viewer.username,
            authorRole: ownerId === viewer.id ? 'player' : 'admin',
            body: body.body ?? null,
            photoFile: photo?.imageFile ?? null,
            thumbnailFile: photo?.thumbnailFile ?? null,
            createdAt,
          });
          // The writer has read everything up to their own message.
          await conversations.markRead(tx, thread, viewer.id, row.id);
          return toMessage(row, viewer);
        });
        if (created.replayed) {
          if (photo) await images.remove(photo);
        } else if (row) announce(subject, id, row, ownerId);
        return created;
      } catch (error) {
        if (photo) await images.remove(photo);
        throw error;
      } finally {
        if (photo) images.settle(photo);
      }
    },
  };
}

/** Marking a conversation read, and the unread counts. */
function readMarkUseCases({ tx, conversations }: Deps, { requireAccess }: ConversationsServiceCore) {
  return {
    /** Moves the viewer's read mark of the thread forward to `upTo`. */
    async markRead(viewer: AuthUser, subject: ConversationSubject, id: number, body: MarkReadBody) {
      await requireAccess(viewer, subject, id);
      await tx.run(async (tx) => {
        const thread = await conversations.findThread(tx, subject, id);
        if (thread !== undefined && body.upTo > 0) await conversations.markRead(tx, thread, viewer.id, body.upTo);
      });
      return { subjectType: subject, subjectId: id, upTo: body.upTo };
    },

    /** Messages from the other side not yet read: a player's own threads; for admins, every player's message. */
    async unread(viewer: AuthUser): Promise<UnreadCounts> {
      const rows = await conversations.unread(tx, viewer.id, viewer.isAdmin ? 'player' : 'admin', !viewer.isAdmin);
      const threads = rows.map((row) =>
        row.purchase_request_id !== null
          ? { subjectType: 'purchase-request' as const, subjectId: row.purchase_request_id, count: row.count }
          : { subjectType: 'submission' as const, subjectId: row.submission_id!, count: row.count },
      );
      return { total: threads.reduce((sum, thread) => sum + thread.count, 0), threads };
    },
  };
}

/** What the photos, the live updates and the super admin’s quick replies need of the conversations. */
function conversationSupport({ tx, conversations }: Deps, _core: ConversationsServiceCore) {
  return {
    /** A message's photo: the owner of its deal may see it (and admins). Undefined when no message names it. */
    async ownerOfPhoto(file: string): Promise<{ ownerId: number | null } | undefined> {
      const thread = await conversations.threadOfFile(tx, file);
      if (thread === undefined) return undefined;
      const subject = await conversations.subjectOfThread(tx, thread);
      const owner = subject && (await conversations.ownerOf(tx, subject.subject, subject.id));
      return owner ? { ownerId: owner.ownerId } : { ownerId: null };
    },

    /** A message as stored now, for a live note from another process. */
    async loadLive(messageId: number) {
      const row = await conversations.findMessage(tx, messageId);
      if (!row) return null;
      const subject = await conversations.subjectOfThread(tx, row.conversation_id);
      if (!subject) return null;
      const owner = await conversations.ownerOf(tx, subject.subject, subject.id);
      return liveMessage(subject.subject, subject.id, row, owner?.ownerId ?? null);
    },

    quickReplies: () => conversations.quickReplies(tx),

    async replaceQuickReplies(replies: string[]): Promise<string[]> {
      await tx.run((tx) => conversations.replaceQuickReplies(tx, replies));
      return replies;
    },
  };
}

/**
 * One conversation per deal between its owner and the admins (issue 28 item 1, DESIGN §13). Every call checks the
 * viewer against the deal as stored now, with the roles of this request's session, so a demoted admin is refused at
 * once; someone else's thread answers 403 and an unknown deal 404, never content.
 */
export function createConversationsService(deps: Deps) {
  const core = conversationsServiceCore(deps);
  return {
    ...readingUseCases(deps, core),
    ...writingUseCases(deps, core),
    ...readMarkUseCases(deps, core),
    ...conversationSupport(deps, core),
  };
}
export type ConversationsService = ReturnType<typeof createConversationsService>;
