import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CART, Client, logIn, openSocket, signUp } from '../api/helpers';
import { freshDatabase } from '../support/postgres';
import { SUPER_ADMIN } from '../support/server';
import { asServer, nextMessage, startProcess, stopProcess, type Process } from '../support/server-process';

type Socket = Awaited<ReturnType<typeof openSocket>>;

/** Resolves with the close code and reason. */
const closing = (socket: Socket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: String(reason) })),
  );

// Sessions and roles change on one process while sockets are open on another: the change reaches the other's sockets
// through the same notification channel as the records, not at the periodic session check. The processes read
// sessions again only once an hour here, so a socket that closes within the test's time was closed by the note
// (no bound on the wall clock: a loaded machine cannot fail it).
const NO_PERIODIC_CHECK = { SOCKET_SESSION_CHECK_SECONDS: '3600' };
describe('sessions and roles across two server processes', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Process;
  let b: Process;

  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    a = await startProcess(database.url, NO_PERIODIC_CHECK);
    b = await startProcess(database.url, NO_PERIODIC_CHECK);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopProcess));
    await database?.drop();
  });

  it('when a player logs out through one process, then their socket on the other closes at once', async () => {
    const onA = await signUp(asServer(a), 'live_lou');
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    const socket = await openSocket(asServer(b), onB);
    const closed = closing(socket);
    expect((await onA.post('/api/marketplace/logout')).status).toBeLessThan(300);
    const { code } = await closed;
    expect(code).toBe(4401);
  });

  it('when an admin is demoted through one process, then their socket on the other closes at once and gets no admin message', async () => {
    const superAdmin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const admin = await signUp(asServer(b), 'live_dee');
    expect((await superAdmin.post('/api/admin/marketplace-users/live_dee/admin-status', { isAdmin: true })).status).toBe(200);
    const socket = await openSocket(asServer(b), admin);
    const player = await signUp(asServer(a), 'live_pat');
    const before = await player.post('/api/purchase-requests', CART);
    // An admin while promoted: the other process's request reaches the socket.
    await nextMessage(socket, (m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === before.body.id);

    const closed = closing(socket);
    expect((await superAdmin.post('/api/admin/marketplace-users/live_dee/admin-status', { isAdmin: false })).status).toBe(200);
    // Made at once after the demotion answered: it must not reach the demoted admin.
    const after = await player.post('/api/purchase-requests', CART);
    expect(after.status).toBe(201);
    const { code, reason } = await closed;
    expect(code).toBe(4401);
    expect(reason).toBe('admin-removed');
    expect(socket.messages.some((m) => m.payload?.id === after.body.id)).toBe(false);
  });

  it('when a player is promoted through one process, then their open socket on the other gets the next admin message', async () => {
    const superAdmin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const riser = await signUp(asServer(b), 'live_ria');
    const socket = await openSocket(asServer(b), riser);
    const player = await signUp(asServer(a), 'live_quin');
    const before = await player.post('/api/purchase-requests', CART);
    expect((await superAdmin.post('/api/admin/marketplace-users/live_ria/admin-status', { isAdmin: true })).status).toBe(200);
    const after = await player.post('/api/purchase-requests', CART);
    await nextMessage(socket, (m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === after.body.id);
    // Not an admin when the first was published: someone else's request never reached the player.
    expect(socket.messages.some((m) => m.payload?.id === before.body.id)).toBe(false);
    socket.close();
  });

  // Each process keeps the sessions it has read (issue 32): what ends or changes them on one process must reach the
  // other's kept copy before the change's answer, not at the kept copy's age limit.
  it('when a player logs out through one process, then the other refuses their cookie at once', async () => {
    const onA = await signUp(asServer(a), 'kept_lou');
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    expect((await onB.get('/api/user-purchase-requests/kept_lou')).status).toBe(200);
    expect((await onB.get('/api/user-purchase-requests/kept_lou')).status).toBe(200);
    expect((await onA.post('/api/marketplace/logout')).status).toBeLessThan(300);
    expect((await onB.get('/api/user-purchase-requests/kept_lou')).status).toBe(401);
  });

  it('when an account is deleted through one process, then the other refuses its kept cookie at once', async () => {
    const superAdmin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const onB = await signUp(asServer(b), 'kept_del');
    expect((await onB.get('/api/user-purchase-requests/kept_del')).status).toBe(200);
    expect((await onB.get('/api/user-purchase-requests/kept_del')).status).toBe(200);
    expect((await superAdmin.delete('/api/admin/marketplace-users/kept_del')).status).toBeLessThan(300);
    const refused = await onB.get('/api/marketplace/me');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ reason: 'account-deleted' });
  });

  it('when an admin is demoted through one process, then the other refuses their admin calls at once', async () => {
    const superAdmin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    await signUp(asServer(a), 'kept_dee');
    expect((await superAdmin.post('/api/admin/marketplace-users/kept_dee/admin-status', { isAdmin: true })).status).toBe(200);
    const onB = await logIn(asServer(b), 'kept_dee');
    expect((await onB.get('/api/purchase-requests')).status).toBe(200);
    expect((await onB.get('/api/purchase-requests')).status).toBe(200);
    expect((await superAdmin.post('/api/admin/marketplace-users/kept_dee/admin-status', { isAdmin: false })).status).toBe(200);
    expect((await onB.get('/api/purchase-requests')).status).toBe(401);
  });

  it('when a player changes their contact email through one process, then a purchase through the other uses the new one at once', async () => {
    const onA = await signUp(asServer(a), 'kept_cat');
    expect((await onA.put('/api/marketplace/contact/kept_cat', { contactEmail: 'old@example.com' })).status).toBe(200);
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    expect((await onB.post('/api/purchase-requests', CART)).body.contactEmail).toBe('old@example.com');
    expect((await onA.put('/api/marketplace/contact/kept_cat', { contactEmail: 'new@example.com' })).status).toBe(200);
    expect((await onB.post('/api/purchase-requests', CART)).body.contactEmail).toBe('new@example.com');
  });

  it('when an account is deleted through one process, then its socket on the other closes at once', async () => {
    const superAdmin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const gone = await signUp(asServer(b), 'live_gus');
    const socket = await openSocket(asServer(b), gone);
    const closed = closing(socket);
    expect((await superAdmin.delete('/api/admin/marketplace-users/live_gus')).status).toBeLessThan(300);
    const { code, reason } = await closed;
    expect(code).toBe(4401);
    expect(reason).toBe('account-deleted');
  });
});
