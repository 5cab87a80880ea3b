import { createServer, connect, type Server, type Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { Logger } from '../lib/logger';

/**
 * Direct links between the server processes of one database, for their live notes (issue 32: through PostgreSQL's
 * NOTIFY, each note cost the database a lock held across every notifying commit and a wake-up of every listening
 * connection, ~370 µs of a ~1,800 µs purchase on two processes). Each process listens on a TCP port of its own and
 * opens one link to every other process; a link carries lines, each a JSON array of notes written in one turn of the
 * event loop, in the order they were written. A link is only accepted with the receiving process's token, which it
 * announced through the database (its HELLO note): whoever can send notes could read the database's notifications.
 *
 * Who the other processes are, and where, is learnt through the database (server/realtime/bus.ts); this module only
 * keeps the links: it opens one when told, reopens a lost one while the peer is wanted, and says when a link in from a
 * peer came up, and when one was lost without the peer saying goodbye (what it had sent may be lost with it).
 */
export interface PeerLinksOptions {
  /** This process's name among its peers. */
  origin: string;
  /** What a peer must present to link in here. */
  token: string;
  /** Where this process listens for links in (LIVE_PEER_HOST, LIVE_PEER_PORT: 0 takes any free port). */
  host: string;
  port: number;
  /** The host the peers reach this process at (LIVE_PEER_ADDRESS); `host` when unset. */
  advertise?: string;
  logger: Logger;
  /** A line of notes a peer sent (a JSON array's text). */
  receive(from: string, line: string): void;
  /**
   * The first line after the handshake on every link out, each time it opens (a JSON array's text): what the peer must
   * know afresh of this process on a new link (what it wants to be sent).
   */
  greeting?(): string;
  /** A peer linked in; `resumed` when an earlier link in from it was lost (its notes meanwhile may be lost). */
  linkedIn(from: string, resumed: boolean): void;
  /** A peer's link in closed without its goodbye (it stopped, or the connection was cut). */
  lostIn(from: string): void;
  /** First reopen delay of a lost link out; doubles up to 5 s. */
  retryMs?: number;
}

/** The first line a link carries: who opens it, the receiver's token, and how the receiver reaches it back. */
interface Handshake {
  origin: string;
  token: string;
  address: string;
  key: string;
}

/** A link's last line when its process stops on purpose. */
const GOODBYE = '"bye"';
/** The longest a handshake may be, and how long a link in may take to send it. */
const HANDSHAKE_MAX = 4_096;
const HANDSHAKE_MS = 5_000;
/** What a link may hold unsent (a peer that stopped reading) or unread (a line without its end) before it is cut. */
const BUFFER_MAX = 64 * 1024 * 1024;

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Splits a socket's text into lines; `onLine` answers false to stop reading (the socket is being closed). */
function readLines(socket: Socket, max: () => number, onLine: (line: string) => boolean, onOverflow: () => void) {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (!onLine(line)) return;
      end = buffered.indexOf('\n');
    }
    if (buffered.length > max()) onOverflow();
  });
}

interface LinkOut {
  peer: string;
  address: string;
  key: string;
  socket: Socket | null;
  /** Lines written in this turn of the event loop, sent together. */
  pending: string[];
  /** Lines written while the link was down, sent once it is up again. */
  waiting: string[];
  /** Lines written while the connection was still being made: sent again if it never is. */
  unconfirmed: string[];
  waitingBytes: number;
  delay: number;
  timer: NodeJS.Timeout | null;
  closed: boolean;
}

export function createPeerLinks(options: PeerLinksOptions) {
  const { origin, token, logger } = options;
  const baseDelay = options.retryMs ?? 100;
  const out = new Map<string, LinkOut>();
  /** The link in from each peer now, and the peers whose link in was lost without a goodbye. */
  const linksIn = new Map<string, Socket>();
  const lostFrom = new Set<string>();
  let address = '';
  let stopping = false;

  const server: Server = createServer((socket) => {
    socket.setNoDelay(true);
    let peer: string | null = null;
    let saidGoodbye = false;
    const handshakeTimer = setTimeout(() => socket.destroy(), HANDSHAKE_MS);
    handshakeTimer.unref();
    readLines(
      socket,
      () => (peer ? BUFFER_MAX : HANDSHAKE_MAX),
      (line) => {
        if (peer === null) {
          clearTimeout(handshakeTimer);
          let hello: Handshake;
          try {
            hello = JSON.parse(line) as Handshake;
          } catch {
            socket.destroy();
            return false;
          }
          if (typeof hello?.origin !== 'string' || typeof hello.token !== 'string' || !sameToken(hello.token, token)) {
            logger.warn({ from: socket.remoteAddress }, 'a live-update link with a wrong token was refused');
            socket.destroy();
            return false;
          }
          peer = hello.origin;
          const before = linksIn.get(peer);
          // A new link from a peer whose last one was lost, or is still open here (the peer saw it fail first): what
          // it sent on the old one may be lost.
          const resumed = lostFrom.delete(peer) || before !== undefined;
          linksIn.set(peer, socket);
          before?.destroy();
          if (typeof hello.address === 'string' && typeof hello.key === 'string') linkTo(peer, hello.address, hello.key);
          options.linkedIn(peer, resumed);
          return true;
        }
        if (line === GOODBYE) {
          saidGoodbye = true;
          return true;
        }
        options.receive(peer, line);
        return true;
      },
      () => socket.destroy(),
    );
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(handshakeTimer);
      if (peer === null || linksIn.get(peer) !== socket) return;
      linksIn.delete(peer);
      if (saidGoodbye || stopping) return;
      lostFrom.add(peer);
      options.lostIn(peer);
    });
  });

  function open(link: LinkOut) {
    const [host, port] = splitAddress(link.address);
    const socket = connect({ host, port, noDelay: true });
    link.socket = socket;
    const hello: Handshake = { origin, token: link.key, address, key: token };
    socket.write(`${JSON.stringify(hello)}\n`);
    const greeting = options.greeting?.();
    if (greeting) socket.write(`${greeting}\n`);
    if (link.waiting.length > 0) {
      socket.write(`${link.waiting.join('\n')}\n`);
      link.unconfirmed = link.waiting;
      link.waiting = [];
      link.waitingBytes = 0;
    }
    socket.on('connect', () => {
      link.delay = baseDelay;
      link.unconfirmed = [];
    });
    // The peer sends nothing back on this link; reading keeps its end noticed.
    socket.on('data', () => {});
    socket.on('error', (error) => {
      if (!link.closed) logger.debug({ err: error, peer: link.peer }, 'a live-update link failed');
    });
    socket.on('close', () => {
      if (link.socket !== socket) return;
      link.socket = null;
      if (link.closed || stopping) return;
      // Never connected: nothing written to it arrived, so it goes out on the next connection, in its order.
      if (link.unconfirmed.length > 0) {
        link.waiting = [...link.unconfirmed, ...link.waiting];
        link.waitingBytes = link.waiting.reduce((sum, line) => sum + line.length, 0);
        link.unconfirmed = [];
      }
      link.timer = setTimeout(() => {
        link.timer = null;
        if (!link.closed && !stopping) open(link);
      }, link.delay);
      link.delay = Math.min(5_000, link.delay * 2);
    });
  }

  /**
   * Opens the link out to `peer`, unless there is one (an origin is one process's for its life: its address and token
   * do not change; a link that failed is reopened by itself).
   */
  function linkTo(peer: string, peerAddress: string, key: string) {
    if (stopping || peer === origin || out.has(peer)) return;
    const link: LinkOut = {
      peer,
      address: peerAddress,
      key,
      socket: null,
      pending: [],
      waiting: [],
      unconfirmed: [],
      waitingBytes: 0,
      delay: baseDelay,
      timer: null,
      closed: false,
    };
    out.set(peer, link);
    open(link);
  }

  function drop(link: LinkOut) {
    link.closed = true;
    if (link.timer) clearTimeout(link.timer);
    link.socket?.destroy();
    link.socket = null;
    if (out.get(link.peer) === link) out.delete(link.peer);
  }

  function flush(link: LinkOut) {
    const lines = `[${link.pending.join(',')}]`;
    link.pending = [];
    if (link.closed) return;
    const socket = link.socket;
    if (socket && !socket.destroyed && socket.writableLength < BUFFER_MAX) {
      socket.write(`${lines}\n`);
      if (socket.connecting) link.unconfirmed.push(lines);
      return;
    }
    // Down (or not reading): kept for the next link, up to a limit; the peer reloads everything when it links in
    // again after a loss anyway.
    link.waitingBytes += lines.length;
    if (link.waitingBytes > BUFFER_MAX) {
      link.waiting = [];
      link.waitingBytes = 0;
      socket?.destroy();
      return;
    }
    link.waiting.push(lines);
  }

  function write(link: LinkOut, note: string) {
    link.pending.push(note);
    if (link.pending.length === 1) setImmediate(() => flush(link));
  }

  return {
    /** Starts listening; answers the address the peers reach this process at (`host:port`). */
    async listen(): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const bound = server.address();
      const port = typeof bound === 'object' && bound ? bound.port : options.port;
      address = joinAddress(options.advertise || options.host, port);
      return address;
    },
    address: () => address,
    linkTo,
    /** Stops linking to a peer that has gone. */
    forget(peer: string) {
      const link = out.get(peer);
      if (link) drop(link);
      lostFrom.delete(peer);
    },
    /** Sends a note (a JSON value's text) to every linked peer, after this turn's earlier ones. */
    broadcast(note: string) {
      for (const link of out.values()) write(link, note);
    },
    /** Sends a note to one peer; false when there is no link to it. */
    sendTo(peer: string, note: string): boolean {
      const link = out.get(peer);
      if (!link) return false;
      write(link, note);
      return true;
    },
    /** The peers linked out to (a link may be reopening). */
    linkedOut: () => [...out.keys()],
    /** Whether this peer's link in is up now. */
    linkedInFrom: (peer: string) => linksIn.has(peer),
    /** Whether a link in was lost and has not come back (its peer's notes since may be missing here). */
    missing: () => lostFrom.size > 0,
    async close() {
      stopping = true;
      const ended: Array<Promise<void>> = [];
      for (const link of out.values()) {
        if (link.pending.length > 0) flush(link);
        link.closed = true;
        if (link.timer) clearTimeout(link.timer);
        const socket = link.socket;
        if (socket && !socket.destroyed) {
          ended.push(new Promise((resolve) => socket.end(`${GOODBYE}\n`, () => resolve())));
          setTimeout(() => socket.destroy(), 1_000).unref();
        }
      }
      out.clear();
      await Promise.all(ended);
      for (const socket of linksIn.values()) socket.destroy();
      linksIn.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PeerLinks = ReturnType<typeof createPeerLinks>;

/** `host:port`, with an IPv6 host in brackets. */
export function joinAddress(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The host and port of `host:port` or `[v6]:port`. */
export function splitAddress(text: string): [string, number] {
  const at = text.lastIndexOf(':');
  const host = text.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  return [host, Number(text.slice(at + 1))];
}
