import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SocketMessage, SocketMessageType } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import type { Tx } from '../db/scope';
import type { Audience, Hub, Interest, InterestKeeper } from './hub';
import { createPeerLinks } from './peers';

/**
 * The PostgreSQL channel every server process listens on: only who the processes are and where their links are
 * (`HELLO`); the notes themselves go over the links (server/realtime/peers.ts).
 */
export const LIVE_CHANNEL = 'blockspin_live';
/**
 * The listening connections' `application_name`, followed by `:` and the process's origin: a process reads the
 * others' in `pg_stat_activity` (its own database) to know which processes there are, and who must say HEARD to a
 * session change.
 */
export const LISTENER_NAME = 'blockspin_live_listener';
/** How often a process counts the other listeners again (to notice that the others have gone). */
const PEERS_CHECK_MS = 10_000;
/** The longest a starting process waits for the others to link to it after its hello. */
const HELLO_WAIT_MS = 1_000;

/**
 * What crosses processes: the message's type and the id of its record (the user's id for a credit update), and a new
 * record as it was published when it is small (`carried`); each process loads and filters per recipient as it would
 * for a change of its own.
 */
export interface LiveNote {
  /** The process that published it (it has told its own sockets already). */
  origin: string;
  type: SocketMessageType;
  id: number;
  /**
   * Who the message is for besides the admins (`Audience.ownerId`): a process with no socket of the owner and no
   * admin's loads nothing (absent from a process that predates it: loaded as before).
   */
  owner?: number | null;
  /**
   * A new record's note carries what was published, when it fits (`CARRIED_MAX`): the other processes publish it as
   * it is instead of each loading the record (a query per note and process, issue 32). Changes to a record are not
   * carried: two processes' changes to one record could arrive in either order, and only a load shows the last.
   */
  carried?: { message: SocketMessage; audience: Audience; ownerMessage?: SocketMessage };
}

/** A note with its record stays at most this many bytes; a larger record is loaded by each process instead. */
const CARRIED_MAX = 3_500;

/** The record a note is about, for every message type about one (`CREDIT_UPDATE` is about a user, never new). */
const RECORD_OF: Partial<Record<SocketMessageType, string>> = {
  NEW_PURCHASE_REQUEST: 'purchase',
  PURCHASE_REQUEST_STATUS_UPDATE: 'purchase',
  NEW_SCHEDULED_PICKUP: 'pickup',
  PICKUP_STATUS_UPDATE: 'pickup',
  NEW_SELL_REQUEST: 'sell',
  SELL_REQUEST_STATUS_UPDATE: 'sell',
  NEW_ITEM_SUBMISSION: 'submission',
  ITEM_SUBMISSION_STATUS_UPDATE: 'submission',
  NEW_MESSAGE: 'message',
};
/** Messages about a new record: the record as it was made, which no later change can precede (but see `changed`). */
const CREATED = new Set<SocketMessageType>([
  'NEW_PURCHASE_REQUEST',
  'NEW_SCHEDULED_PICKUP',
  'NEW_SELL_REQUEST',
  'NEW_ITEM_SUBMISSION',
  'NEW_MESSAGE',
]);
/** Records whose change notes this process has seen, remembered at most. */
const CHANGED_KEPT = 10_000;

/**
 * Notes about sessions and roles, on the same channel so that they keep their order with the records' notes: a logout
 * (`session` is the session's hash, as stored), every session of a user ended (demotion, deletion, password change;
 * `except` keeps the one that changed the password), a user's role changed. Each process applies them to its own
 * sockets within the note's delivery (milliseconds), instead of at its next 30 s session check.
 */
export type SessionNote = (
  | { origin: string; type: 'SESSION_ENDED'; session: string }
  | { origin: string; type: 'USER_SESSIONS_ENDED'; id: number; reason: string; except: string | null }
  | { origin: string; type: 'USER_CHANGED'; id: number }
  | InterestNote
  | PresenceNote
) & {
  /** Numbers the notes this process waits to hear back (`notifySession`). */
  echo?: number;
};

/**
 * Who the processes are. A process that starts listening says `HELLO` through PostgreSQL, with where its links are
 * accepted and the token they must present; every other process that hears it links to it, presenting that token and
 * its own address and token, and the starting process links back. The starting process is ready once every listener it
 * counted has linked to it (or after `HELLO_WAIT_MS`), so no change it could serve after that goes unannounced to it.
 */
type PresenceNote =
  /**
   * `again`: the process was running already and its listening connection is back; a process it had no link with may
   * have started meanwhile without finding it, and missed its notes.
   */
  | { origin: string; type: 'HELLO'; address: string; token: string; again?: boolean }
  /** A session or user change numbered `heard` by process `to` has been applied here (`notifySession` waits for it). */
  | { origin: string; type: 'HEARD'; to: string; heard: number };

/**
 * Which new records a process's sockets could receive (`Interest`), numbered: a process sends another a new record's
 * note only when that one could receive it, or has not said yet (issue 32: on two processes a purchase cost the other
 * process a wake-up, a read and a parse even with nobody there to tell). Changes to records still go to every process
 * (each remembers them, see `changed`). Sent in full on every link out when it opens, and whenever it changes; a
 * process that grows it waits for every other one to say HEARD before the socket that grew it opens.
 */
type InterestNote = { origin: string; type: 'INTEREST'; version: number } & Interest;

/** The longest a session or user change waits to hear its own note back before it answers anyway. */
const ECHO_WAIT_MS = 1_000;

type Note = LiveNote | SessionNote;

/** Rebuilds a message from its note (the record as stored now); null when the record is gone. */
export type LoadNote = (note: LiveNote) => Promise<{ message: SocketMessage; audience: Audience; ownerMessage?: SocketMessage } | null>;

export interface BusOptions {
  url: string;
  logger: Logger;
  /** Sends to this process's sockets. */
  hub: Hub;
  load: LoadNote;
  /** Pool for the HELLO's NOTIFY and the count of listeners (a listening connection cannot be shared). */
  pool: pg.Pool;
  /** Where this process accepts the other processes' links (server/realtime/peers.ts); 127.0.0.1 on any free port by default. */
  peer?: { host: string; port: number; advertise?: string };
  /** First reconnect delay after the listening connection is lost; doubles up to 5 s. */
  retryMs?: number;
  /** How often the other listeners are counted again (`PEERS_CHECK_MS`). */
  peersCheckMs?: number;
}

/** The id a message is about (a conversation message's own id). */
export function noteId(message: SocketMessage, audience: Audience): number | null {
  if (message.type === 'CREDIT_UPDATE') return audience.ownerId;
  if (message.type === 'NEW_MESSAGE') return message.payload.message.id;
  return message.payload.id;
}

/**
 * Live updates across processes. A process publishes to its own sockets and sends a note to the others over its
 * links (server/realtime/peers.ts); a process that is told loads the record (or takes the carried one) and publishes
 * it to its sockets. PostgreSQL only says who the processes are: each listens on `LIVE_CHANNEL` for the others' HELLO,
 * and counts the others' listening connections. When the listening connection drops, a process that started
 * meanwhile could not find it: it reconnects, says HELLO again, and then closes its sockets (code 1012, service
 * restart) so that every client reconnects and reads its lists afresh — and logs both events. A link in from another
 * process lost without its goodbye does the same.
 */
export function createPostgresBus(options: BusOptions) {
  const origin = randomBytes(8).toString('hex');
  const token = randomBytes(16).toString('hex');
  const { logger, hub } = options;
  const baseDelay = options.retryMs ?? 100;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = baseDelay;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;
  /** Listening now: every process that starts from here on finds this one (false from a lost connection to its return). */
  let listening = false;
  let onListening: (() => void) | null = null;
  const listeningOnce = new Promise<void>((resolve) => (onListening = resolve));
  /**
   * The other processes' origins, as read last (`recount`) and heard saying hello or linking in since: a session
   * change waits for each one's HEARD.
   */
  let peers = new Set<string>();
  /** Processes counted without a link in from them at the last count, and those already warned about. */
  const unlinked = new Set<string>();
  const warned = new Set<string>();
  /** Hellos heard from other processes: a count that one overtook is not trusted. */
  let hellos = 0;
  /** Processes that said hello again without a link to this one: they may have sent notes that never came here. */
  const missedFrom = new Set<string>();
  /** The links a starting process waits for, from the listeners it counted. */
  let awaitingLinks: { expected: Set<string>; done: () => void } | null = null;

  const links = createPeerLinks({
    origin,
    token,
    host: options.peer?.host ?? '127.0.0.1',
    port: options.peer?.port ?? 0,
    advertise: options.peer?.advertise,
    logger,
    retryMs: options.retryMs,
    receive: (_from, line) => receive(line),
    // Every link out opens with what this process wants (the other one assumed everything until then).
    greeting: () => JSON.stringify([interestNote()]),
    linkedIn(from, resumed) {
      peers.add(from);
      // A new link in: what it wants comes first on it; until then, everything.
      peerInterest.delete(from);
      if (awaitingLinks?.expected.delete(from) && awaitingLinks.expected.size === 0) awaitingLinks.done();
      if (missedFrom.delete(from) || resumed) {
        // What it sent while its link was down (or before it knew of this process) may be lost here: this process's
        // clients read everything again, and its kept sessions are read again.
        logger.warn({ peer: from, sockets: hub.clientCount() }, 'a live-update link is back: sockets reconnect to read afresh');
        hub.reconnectAll();
      }
    },
    lostIn(from) {
      peerInterest.delete(from);
      logger.warn({ peer: from, sockets: hub.clientCount() }, 'a live-update link was lost: sockets reconnect to read afresh');
      hub.reconnectAll();
    },
  });
  const linksListening = links.listen();

  /** What each other process said it wants, by origin; one not here is sent everything. */
  const peerInterest = new Map<string, { version: number; all: boolean; owners: Set<number> }>();
  /** What this process last told the others it wants, and when every other one has heard it. */
  let announced: { version: number; all: boolean; owners: Set<number>; heard: Promise<void> } = {
    version: 1,
    ...ownInterest(),
    heard: Promise.resolve(),
  };
  let shrinking = false;

  /** This process's interest now; a hub that cannot say (a test's) wants everything. */
  function ownInterest(): { all: boolean; owners: Set<number> } {
    const now = hub.interest?.() ?? { all: true, owners: [] };
    return { all: now.all, owners: new Set(now.owners) };
  }
  function interestNote(): InterestNote {
    return { origin, type: 'INTEREST', version: announced.version, all: announced.all, owners: [...announced.owners] };
  }
  /** Tells the others this process's interest now; `hear`: resolves once each has applied it. */
  function announce(hear: boolean): Promise<void> {
    const now = ownInterest();
    announced = { version: announced.version + 1, ...now, heard: Promise.resolve() };
    const note = interestNote();
    announced.heard = hear ? sendAndHear(note) : (send(note), Promise.resolve());
    return announced.heard;
  }
  /** A larger interest to be announced at the end of this turn of the event loop, for every socket that asked in it. */
  let growing: Promise<void> | null = null;
  const keeper: InterestKeeper = {
    cover(identity) {
      const covered = announced.all || (!identity.isAdmin && announced.owners.has(identity.userId));
      if (covered) return announced.heard;
      growing ??= new Promise<void>((resolve) =>
        setImmediate(() => {
          growing = null;
          resolve(announce(true));
        }),
      );
      return growing;
    },
    shrunk() {
      if (shrinking) return;
      shrinking = true;
      // Once per turn of the event loop, for every socket closed in it.
      setImmediate(() => {
        shrinking = false;
        const now = ownInterest();
        const same =
          now.all === announced.all && now.owners.size === announced.owners.size && [...now.owners].every((id) => announced.owners.has(id));
        if (!same && !closed) void announce(false);
      });
    },
  };
  hub.keepInterest?.(keeper);

  // Notes are loaded as they arrive (up to the pool's size at once) and published in the order they arrived.
  let inOrder: Promise<unknown> = Promise.resolve();
  // Records a change note was seen for: a carried new record arriving after one of its changes (another process changed
  // it before the creating process's note reached this one) is loaded instead. This process's own changes count too
  // (its admin may change a record it read before the note arrived).
  const changed = new Set<string>();
  function remember(key: string) {
    changed.delete(key);
    changed.add(key);
    if (changed.size > CHANGED_KEPT) changed.delete(changed.values().next().value!);
  }

  /** A line of notes from a link (a JSON array), or a NOTIFY's note (`presence`: a HELLO and nothing else). */
  function receive(text: string | undefined, presence = false) {
    if (!text) return;
    let notes: Note[];
    try {
      const parsed = JSON.parse(text) as Note | Note[];
      notes = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return logger.warn({ text: text.slice(0, 200) }, 'a live note that is not JSON was ignored');
    }
    for (const note of notes) if (!presence || note.type === 'HELLO') apply(note);
  }

  function apply(note: Note) {
    if (note.origin === origin) return;
    switch (note.type) {
      case 'HELLO':
        // A process started listening: it is linked to, and links back, and reads every live note from then on.
        hellos += 1;
        peers.add(note.origin);
        if (note.again && !links.linkedInFrom(note.origin)) missedFrom.add(note.origin);
        links.linkTo(note.origin, note.address, note.token);
        return;
      case 'HEARD':
        if (note.to === origin) echoes.get(note.heard)?.ack(note.origin);
        return;
      case 'INTEREST': {
        // A later one may have overtaken it on a link that was reopened: the highest version holds.
        const known = peerInterest.get(note.origin);
        if (!known || note.version > known.version)
          peerInterest.set(note.origin, { version: note.version, all: note.all === true, owners: new Set(note.owners) });
        return acknowledge(note, undefined);
      }
      // An ended session loses its sockets at once, ahead of anything still loading: the safe side.
      case 'SESSION_ENDED':
        return acknowledge(note, hub.disconnectSession(note.session));
      case 'USER_SESSIONS_ENDED':
        return acknowledge(note, hub.disconnectUser(note.id, note.except ?? undefined, note.reason));
      case 'USER_CHANGED': {
        // Messages after it wait for the new role, so a promoted admin's sockets get the next admin message.
        const applied = hub.userChanged(note.id);
        inOrder = inOrder.then(() => applied);
        return acknowledge(note, applied);
      }
    }
    const record = RECORD_OF[note.type];
    const key = record ? `${record}:${note.id}` : null;
    if (key && !CREATED.has(note.type)) remember(key);
    // Nobody here would receive it (no admin's socket, none of the owner's, no role or session being read): nothing to
    // load or publish. A socket that opens later reads its lists when it opens (issue 32: with two processes, each
    // note cost the other process a load and a publish to no one).
    const owner = note.carried ? note.carried.audience.ownerId : note.owner;
    if (owner !== undefined && !hub.wants(owner)) return;
    const carried = note.carried && !(key && changed.has(key)) ? note.carried : null;
    const loaded = carried
      ? Promise.resolve(carried)
      : options.load(note).catch((error: unknown) => {
          logger.error({ err: error, note: { type: note.type, id: note.id } }, 'a live update from another process could not be loaded');
          return null;
        });
    inOrder = inOrder
      .then(() => loaded)
      .then((found) => {
        if (found) hub.publish(found.message, found.audience, found.ownerMessage);
      });
  }

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(5_000, delay * 2);
  }

  async function connect() {
    const next = new pg.Client({ connectionString: options.url, application_name: `${LISTENER_NAME}:${origin}` });
    client = next;
    // Only hellos come through PostgreSQL: a note there (a process of an older version) is not trusted as one.
    next.on('notification', (message) => receive(message.payload, true));
    next.on('error', (error) => {
      if (closed) return;
      logger.warn({ err: error }, 'the live-update listener lost its database connection: reconnecting');
      lost(next);
    });
    next.on('end', () => {
      if (!closed) lost(next);
    });
    try {
      await linksListening;
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      if (closed) return;
      logger.warn({ err: error }, 'the live-update listener could not connect: retrying');
      lost(next);
      return;
    }
    const wasConnected = connected;
    connected = true;
    listening = true;
    delay = baseDelay;
    await greet(next, wasConnected);
    if (client !== next) return;
    onListening?.();
    if (wasConnected) {
      // A process that started while this one was not listening may not have found it: its clients read everything
      // again (and the sessions kept here are read again).
      logger.warn({ sockets: hub.clientCount() }, 'the live-update listener is back: sockets reconnect to read afresh');
      hub.reconnectAll();
    }
  }

  /**
   * The other processes' listening connections on this database (through the pool: the listening connection runs
   * nothing but its LISTEN).
   */
  async function otherListeners(on: pg.Client): Promise<string[]> {
    const own = (on as pg.Client & { processID?: number }).processID ?? 0;
    const { rows } = await options.pool.query<{ name: string }>(
      'SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, $1) AND pid <> $2',
      [LISTENER_NAME, own],
    );
    return rows.map((row) => row.name.slice(LISTENER_NAME.length + 1));
  }

  /** Who else listens now (kept as it was when it cannot be counted); links to processes that have gone are dropped. */
  async function recount(on: pg.Client): Promise<string[] | null> {
    const before = hellos;
    try {
      const found = await otherListeners(on);
      // A hello heard while reading may not be in what was read: it is kept then.
      const read = new Set(found);
      if (hellos !== before) for (const peer of peers) read.add(peer);
      for (const peer of peers)
        if (!read.has(peer)) {
          links.forget(peer);
          peerInterest.delete(peer);
          missedFrom.delete(peer);
          unlinked.delete(peer);
          warned.delete(peer);
        }
      peers = read;
      for (const peer of peers)
        if (links.linkedInFrom(peer)) unlinked.delete(peer);
        else if (unlinked.has(peer)) {
          if (!warned.has(peer)) {
            warned.add(peer);
            logger.warn(
              { peer },
              'another process has not linked to this one: its live updates and logouts do not reach here (check LIVE_PEER_HOST and LIVE_PEER_ADDRESS on both)',
            );
          }
        } else unlinked.add(peer);
      return found;
    } catch {
      return null;
    }
  }

  /**
   * Just listening (again): counts the other listeners, says hello, and waits until each counted one has linked to
   * this process, so that every process sends its live notes here before this one serves anything (or `HELLO_WAIT_MS`,
   * for one that hangs).
   */
  async function greet(on: pg.Client, again: boolean) {
    const expected = new Set((await recount(on)) ?? []);
    for (const peer of expected) if (links.linkedInFrom(peer)) expected.delete(peer);
    const linked = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        awaitingLinks = null;
        resolve();
      };
      const timer = setTimeout(done, HELLO_WAIT_MS);
      awaitingLinks = { expected, done };
    });
    const hello: PresenceNote = { origin, type: 'HELLO', address: links.address(), token, ...(again ? { again } : {}) };
    options.pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(hello)]).catch((error: unknown) => {
      logger.error({ err: error }, 'this process could not announce itself to the other processes');
    });
    if (expected.size === 0) awaitingLinks!.done();
    await linked;
  }

  const peersCheck = setInterval(() => {
    if (client && listening && !closed) void recount(client);
  }, options.peersCheckMs ?? PEERS_CHECK_MS);
  peersCheck.unref();

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    listening = false;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    retry();
  }

  // A session or user change waits until every other process counted has said it applied it (HEARD), so a call
  // answered after it (a logout, a demotion) finds the other processes' kept sessions already ended (issue 32: under
  // load the other process served the logged-out cookie a request that had reached it first,
  // tests/pg/live-sessions.test.ts). A process that stopped without being counted out costs the wait its limit,
  // ECHO_WAIT_MS.
  let echoCount = 0;
  const echoes = new Map<number, { ack: (from: string) => void; finish: () => void }>();
  function sendAndHear(note: SessionNote): Promise<void> {
    const expected = new Set(peers);
    if (closed || expected.size === 0) {
      send(note);
      return Promise.resolve();
    }
    const echo = ++echoCount;
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        echoes.delete(echo);
        resolve();
      };
      const timer = setTimeout(finish, ECHO_WAIT_MS);
      echoes.set(echo, {
        ack: (from) => {
          expected.delete(from);
          if (expected.size === 0) finish();
        },
        finish,
      });
      send({ ...note, echo });
    });
  }

  /** Tells the process that numbered a session or user change that it is applied here, once it is. */
  function acknowledge(note: SessionNote, applied: Promise<unknown> | void): Promise<void> | void {
    const heard = note.echo;
    if (heard === undefined) return applied as Promise<void> | void;
    const to = note.origin;
    return Promise.resolve(applied)
      .catch(() => {})
      .then(() => void links.sendTo(to, JSON.stringify({ origin, type: 'HEARD', to, heard } satisfies PresenceNote)));
  }

  /** Sends a note (or its JSON text) to every other process; the notes of one turn of the event loop go together. */
  function send(note: Note | string) {
    links.broadcast(typeof note === 'string' ? note : JSON.stringify(note));
  }

  /** A live note's text (a new record carried when it fits); null when the message is about no record or user. */
  function liveNote(message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage): string | null {
    const id = noteId(message, audience);
    if (id === null) return null;
    const note: LiveNote = { origin, type: message.type, id, owner: audience.ownerId };
    const record = RECORD_OF[message.type];
    if (record && !CREATED.has(message.type)) remember(`${record}:${id}`);
    if (CREATED.has(message.type)) {
      const carried: LiveNote = {
        ...note,
        carried: { message, audience, ...(ownerMessage && ownerMessage !== message ? { ownerMessage } : {}) },
      };
      const text = JSON.stringify(carried);
      if (Buffer.byteLength(text) <= CARRIED_MAX) return text;
    }
    return JSON.stringify(note);
  }

  const others = () => links.linkedOut().length > 0;
  const everyPeerLinkedIn = () => {
    for (const peer of peers) if (!links.linkedInFrom(peer)) return false;
    return true;
  };

  /** Whether a process could receive a new record for `ownerId` (or has not said what it wants). */
  function wantsNew(peer: string, ownerId: number | null): boolean {
    const interest = peerInterest.get(peer);
    return !interest || interest.all || (ownerId !== null && interest.owners.has(ownerId));
  }

  function notify(message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage) {
    if (!others()) return;
    if (!CREATED.has(message.type)) {
      const text = liveNote(message, audience, ownerMessage);
      if (text !== null) send(text);
      return;
    }
    // A new record goes only where someone could receive it.
    let text: string | null | undefined;
    for (const peer of links.linkedOut()) {
      if (!wantsNew(peer, audience.ownerId)) continue;
      text ??= liveNote(message, audience, ownerMessage);
      if (text === null) return;
      links.sendTo(peer, text);
    }
  }

  void connect();

  return {
    /** Resolves once the first LISTEN is in place and every process counted then has linked to this one. */
    ready: () => listeningOnce,
    /**
     * Whether every note sent from now on reaches this process: what it keeps from the database (sessions) is trusted
     * only then — listening for new processes, no link in from another process lost and not back, and every process
     * known linked in (one that cannot reach this one, a wrong LIVE_PEER_ADDRESS, would leave its logouts unheard here).
     */
    listening: () => listening && !closed && !links.missing() && everyPeerLinkedIn(),
    /**
     * Tells the other processes (when there are any); the caller has already told this process's sockets. Notes made in
     * one turn of the event loop go together.
     */
    notify,
    /** Tells the other processes once the change's transaction `within` has committed; never if it rolls back. */
    notifyWithin(within: Tx, message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage) {
      within.afterCommit(() => notify(message, audience, ownerMessage));
    },
    /** Whether another process is linked to (live notes are sent only then). */
    othersListening: others,
    /**
     * Tells the other processes about a session or role change; the caller has applied it to this process's sockets.
     * Resolves once every other process has applied it (or after a second, or at once when there are none).
     */
    notifySession(note: DistributiveOmit<SessionNote, 'origin' | 'echo'>): Promise<void> {
      return sendAndHear({ ...note, origin } as SessionNote);
    },
    /** The listening connection's backend pid (tests cut it with pg_terminate_backend). */
    async backendPid(): Promise<number | null> {
      await listeningOnce;
      const current = client as (pg.Client & { processID?: number }) | null;
      return current?.processID ?? null;
    },
    /** Where the other processes link to this one (`host:port`). */
    linkAddress: () => links.address(),
    async close() {
      closed = true;
      clearInterval(peersCheck);
      awaitingLinks?.done();
      for (const waiting of [...echoes.values()]) waiting.finish();
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await Promise.all([current?.end().catch(() => {}), links.close()]);
    },
  };
}
export type PostgresBus = ReturnType<typeof createPostgresBus>;

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * The hub as the services see it when several processes share the database: each publish, ended session and role
 * change also reaches the others.
 */
export function withBus(hub: Hub, bus: PostgresBus): Hub {
  return {
    ...hub,
    publish(message, audience, ownerMessage, within) {
      hub.publish(message, audience, ownerMessage, within);
      if (within?.inTransaction()) bus.notifyWithin(within, message, audience, ownerMessage);
      else bus.notify(message, audience, ownerMessage);
    },
    async disconnectSession(sessionHash) {
      await Promise.all([hub.disconnectSession(sessionHash), bus.notifySession({ type: 'SESSION_ENDED', session: sessionHash })]);
    },
    async disconnectUser(userId, exceptSessionHash, reason = 'Session ended') {
      await Promise.all([
        hub.disconnectUser(userId, exceptSessionHash, reason),
        bus.notifySession({ type: 'USER_SESSIONS_ENDED', id: userId, reason, except: exceptSessionHash ?? null }),
      ]);
    },
    async userChanged(userId) {
      const told = bus.notifySession({ type: 'USER_CHANGED', id: userId });
      await Promise.all([hub.userChanged(userId), told]);
    },
  };
}
