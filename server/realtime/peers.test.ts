import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { createPeerLinks, joinAddress, splitAddress, type PeerLinks } from './peers';

/** A process's links, recording what reaches it. */
function peer(origin: string, port = 0) {
  const heard: Array<[string, unknown]> = [];
  const linked: Array<[string, boolean]> = [];
  const lost: string[] = [];
  /** Whether the links said something is missing, when each loss was told. */
  const missingAtLoss: boolean[] = [];
  /** Its logger, for tests to watch (silent). */
  const logger = createLogger('silent');
  const links = createPeerLinks({
    origin,
    token: `${origin}-token`,
    host: '127.0.0.1',
    port,
    logger,
    retryMs: 20,
    receive: (from, line) => {
      for (const note of JSON.parse(line) as unknown[]) heard.push([from, note]);
    },
    linkedIn: (from, resumed) => void linked.push([from, resumed]),
    lostIn: (from) => {
      lost.push(from);
      missingAtLoss.push(links.missing());
    },
  });
  return { links, heard, linked, lost, missingAtLoss, logger };
}

const open: PeerLinks[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((links) => links.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function started(origin: string, port = 0) {
  const made = peer(origin, port);
  open.push(made.links);
  await made.links.listen();
  return made;
}

describe('links between server processes (issue 32: live notes off PostgreSQL)', () => {
  it('when a process links to another, then the other links back, and notes arrive in the order they were sent, each turn as one line', async () => {
    const a = await started('a');
    const b = await started('b');
    a.links.linkTo('b', b.links.address(), 'b-token');
    await expect.poll(() => b.linked).toEqual([['a', false]]);
    // b learnt a's address and token from the link: it links back.
    await expect.poll(() => a.linked).toEqual([['b', false]]);
    a.links.broadcast('{"n":1}');
    a.links.broadcast('{"n":2}');
    b.links.sendTo('a', '{"n":3}');
    await expect
      .poll(() => b.heard)
      .toEqual([
        ['a', { n: 1 }],
        ['a', { n: 2 }],
      ]);
    await expect.poll(() => a.heard).toEqual([['b', { n: 3 }]]);
    expect(a.links.sendTo('nobody', '{}')).toBe(false);
  });

  it('when a link presents the wrong token, or no handshake, then it is refused and nothing it sends is read', async () => {
    const b = await started('b');
    const refused = vi.spyOn(b.logger, 'warn');
    const a = await started('a');
    a.links.linkTo('b', b.links.address(), 'guessed-token');
    a.links.broadcast('{"forged":true}');
    const [host, port] = splitAddress(b.links.address());
    const raw = connect({ host, port });
    raw.write('not a handshake\n[{"forged":true}]\n');
    await new Promise((resolve) => raw.on('close', resolve));
    // The refused link is retried, and refused again: still nothing.
    await expect
      .poll(() => refused.mock.calls.filter(([, text]) => text === 'a live-update link with a wrong token was refused').length)
      .toBeGreaterThanOrEqual(2);
    expect(b.heard).toEqual([]);
    expect(b.linked).toEqual([]);
  });

  it('when notes are sent before the peer accepts links, then they arrive once it does, in order', async () => {
    // A port that is free now and taken by the peer later.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));

    const a = await started('a');
    const failed = vi.spyOn(a.logger, 'debug');
    a.links.linkTo('b', joinAddress('127.0.0.1', port), 'b-token');
    a.links.broadcast('{"n":1}');
    // The first connection was refused: the note written to it goes out again on the next.
    await expect.poll(() => failed.mock.calls.some(([, text]) => text === 'a live-update link failed')).toBe(true);
    a.links.broadcast('{"n":2}');
    const b = await started('b', port);
    await expect.poll(() => b.heard.map(([, note]) => note)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(b.linked).toEqual([['a', false]]);
  });

  it('when a link in is cut without a goodbye, then the loss is told, and the link that comes back is marked resumed', async () => {
    const a = await started('a');
    const b = await started('b');
    // a reaches b through a relay whose connections the test cuts, as a network fault would.
    const relay = await tcpRelay(b.links.address());
    a.links.linkTo('b', relay.address, 'b-token');
    await expect.poll(() => b.linked.length).toBe(1);
    expect(b.links.missing()).toBe(false);
    relay.cut();
    await expect.poll(() => b.lost).toEqual(['a']);
    expect(b.missingAtLoss).toEqual([true]);
    // a reopens it: b is told the link came back after a loss.
    await expect
      .poll(() => b.linked)
      .toEqual([
        ['a', false],
        ['a', true],
      ]);
    expect(b.links.missing()).toBe(false);
    a.links.broadcast('{"after":true}');
    await expect.poll(() => b.heard).toEqual([['a', { after: true }]]);
  });

  it('when a process stops, then its peers hear a goodbye, not a loss', async () => {
    const a = await started('a');
    const b = await started('b');
    a.links.linkTo('b', b.links.address(), 'b-token');
    await expect.poll(() => a.linked.length).toBe(1);
    await a.links.close();
    await expect.poll(() => b.links.linkedInFrom('a')).toBe(false);
    expect(b.lost).toEqual([]);
    expect(b.links.missing()).toBe(false);
  });
});

/** A TCP relay to `target` (`host:port`); `cut()` destroys the connections it carries now. */
async function tcpRelay(target: string) {
  const [host, port] = splitAddress(target);
  const carried = new Set<import('node:net').Socket>();
  const server = createServer((inbound) => {
    const outbound = connect({ host, port });
    for (const socket of [inbound, outbound]) {
      carried.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        carried.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: joinAddress('127.0.0.1', (server.address() as { port: number }).port),
    cut: () => {
      for (const socket of carried) socket.destroy();
    },
  };
}
