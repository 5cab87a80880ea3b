import express from 'express';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { DATABASE_BUSY_MESSAGE, errorHandler, STORAGE_FULL_MESSAGE } from './error-handler';
import { requestLogger } from './request-id';

async function serve(error: unknown) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  const app = express();
  app.use(requestLogger(logger));
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`);
  const body = await response.json();
  server.close();
  return { response, body, lines: lines.map((line) => JSON.parse(line)) };
}

describe('errorHandler', () => {
  it('when a bug throws, then the client gets 500 with the request id and no details, and the log has the stack', async () => {
    const { response, body, lines } = await serve(new Error('secret internal detail'));
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id')!;
    expect(body.message).toContain(id);
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged.requestId).toBe(id);
    expect(logged.err.stack).toContain('secret internal detail');
  });

  it.each([
    ['SQLITE_FULL', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
    ['ENOSPC', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
    ['ENOSPC as a cause', new Error('could not save the photo', { cause: Object.assign(new Error('no space'), { code: 'ENOSPC' }) })],
  ])('when the disk is full (%s), then the client gets 507 with a message a person can act on', async (_name, error) => {
    const { response, body, lines } = await serve(error);
    expect(response.status).toBe(507);
    expect(body).toEqual({ message: STORAGE_FULL_MESSAGE });
    expect(lines.some((line) => line.msg === 'the disk is full')).toBe(true);
  });

  it.each([
    ['a serialization failure past its retries (40001)', Object.assign(new Error('could not serialize access'), { code: '40001' })],
    ['too many connections (53300)', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    [
      'a crash of another backend (57P02)',
      Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' }),
    ],
    ['a connection reset under a query', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })],
    [
      'SQLITE_BUSY as a cause',
      new Error('could not save', { cause: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }) }),
    ],
  ])('when the database is busy or away (%s), then the client gets 503 with Retry-After, not a 500', async (_name, error) => {
    const { response, body, lines } = await serve(error);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body).toEqual({ message: DATABASE_BUSY_MESSAGE });
    expect(lines.some((line) => line.msg === 'the database is busy' && line.err)).toBe(true);
  });

  it('when a database error says the query is wrong (42P01), then it is still a logged 500', async () => {
    const { response } = await serve(Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' }));
    expect(response.status).toBe(500);
  });

  it('when an AppError is thrown, then its status, message and issues are answered', async () => {
    const { response, body } = await serve(
      new AppError(409, 'Prices have changed', [{ path: 'totalPrice', message: 'The total is $1.00' }]),
    );
    expect(response.status).toBe(409);
    expect(body).toEqual({ message: 'Prices have changed', issues: [{ path: 'totalPrice', message: 'The total is $1.00' }] });
  });
});
