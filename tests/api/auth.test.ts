import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SessionUser } from '../../src/domain/schemas/auth';
import { SUPER_ADMIN } from '../support/server';
import { Client, logIn, PASSWORD, queryDatabase, signUp, useServer } from './helpers';

const server = useServer();

describe('POST /api/marketplace/signup', () => {
  it('when the body is valid, then it answers 201 with the session user and an HttpOnly SameSite=Lax cookie', async () => {
    const client = new Client(server.url);
    const answer = await client.post('/api/marketplace/signup', { username: 'Signup.One', password: 'abcdefgh' });
    expect(answer.status).toBe(201);
    expect(SessionUser.parse(answer.body)).toEqual({
      username: 'Signup.One',
      contactEmail: null,
      ps5Username: null,
      robloxUsername: null,
      isAdmin: false,
      isSuperAdmin: false,
    });
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^bm_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await client.get('/api/marketplace/me')).body.username).toBe('Signup.One');
  });

  it('when the name is taken in another capitalisation, then it answers 409', async () => {
    await signUp(server, 'taken_name');
    const answer = await new Client(server.url).post('/api/marketplace/signup', { username: 'TAKEN_NAME', password: 'abcdefgh' });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'Username is already taken' });
  });

  it('when the body breaks several rules, then it answers 400 listing every issue', async () => {
    const answer = await new Client(server.url).post('/api/marketplace/signup', { username: 'a!', password: '123' });
    expect(answer.status).toBe(400);
    const paths = answer.body.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toContain('username');
    expect(paths).toContain('password');
    expect(answer.body.issues).toContainEqual({ path: 'password', message: 'Password must be at least 8 characters' });
  });

  it('when the password has 7 characters, then it answers 400 Password must be at least 8 characters; 8 are enough', async () => {
    const short = await new Client(server.url).post('/api/marketplace/signup', { username: 'seven_chars', password: '1234567' });
    expect(short.status).toBe(400);
    expect(short.body.issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);
    expect((await new Client(server.url).post('/api/marketplace/signup', { username: 'eight_chars', password: '12345678' })).status).toBe(
      201,
    );
  });

  it('when the body is missing, then it answers 400 with a message', async () => {
    const answer = await new Client(server.url).request('POST', '/api/marketplace/signup');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Username is required');
  });
});

describe('POST /api/marketplace/login', () => {
  it('when the password is right, then it answers 200 and a new session each time', async () => {
    await signUp(server, 'login_user');
    const first = await logIn(server, 'login_user');
    const second = await logIn(server, 'LOGIN_USER');
    expect(first.cookie).not.toBe(second.cookie);
    expect((await first.get('/api/marketplace/me')).status).toBe(200);
    expect((await second.get('/api/marketplace/me')).body.username).toBe('login_user');
  });

  it('when the password is wrong or the user unknown, then it answers 401 with the same message', async () => {
    const wrong = await new Client(server.url).post('/api/marketplace/login', { username: 'login_user', password: 'nope-nope' });
    const unknown = await new Client(server.url).post('/api/marketplace/login', { username: 'nobody_here', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('when a field is empty, then it answers 400', async () => {
    const answer = await new Client(server.url).post('/api/marketplace/login', { username: '', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Username and password are required');
  });

  it('when logging in again from the same browser, then the old session is ended', async () => {
    const client = await signUp(server, 'relogin');
    const old = client.cookie!;
    await client.post('/api/marketplace/login', { username: 'relogin', password: PASSWORD });
    const stale = new Client(server.url);
    stale.cookie = old;
    expect((await stale.get('/api/marketplace/me')).status).toBe(401);
  });
});

describe('POST /api/marketplace/logout', () => {
  it('when signed in, then it answers 204, clears the cookie and ends the session', async () => {
    const client = await signUp(server, 'logout_user');
    const cookie = client.cookie!;
    const answer = await client.post('/api/marketplace/logout');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toMatch(/bm_session=;/);
    const replay = new Client(server.url);
    replay.cookie = cookie;
    expect((await replay.get('/api/marketplace/me')).status).toBe(401);
  });

  it('when signed out, then it still answers 204', async () => {
    expect((await new Client(server.url).post('/api/marketplace/logout')).status).toBe(204);
  });
});

describe('GET /api/marketplace/me', () => {
  it('when signed out, then it answers 401 JSON', async () => {
    const answer = await new Client(server.url).get('/api/marketplace/me');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Please log in to continue');
  });

  it('when an Authorization header names a user, then it grants nothing', async () => {
    const answer = await new Client(server.url).get('/api/marketplace/me', { authorization: `Bearer marketplace-${SUPER_ADMIN.username}` });
    expect(answer.status).toBe(401);
  });
});

describe('PUT /api/marketplace/change-password/{username}', () => {
  it('when the current password is right, then it changes it, keeps this session and ends the others', async () => {
    const client = await signUp(server, 'changer');
    const other = await logIn(server, 'changer');
    const answer = await client.put('/api/marketplace/change-password/changer', {
      currentPassword: PASSWORD,
      newPassword: 'new-password-1',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Password updated successfully');
    expect((await client.get('/api/marketplace/me')).status).toBe(200);
    expect((await other.get('/api/marketplace/me')).status).toBe(401);
    await expect(logIn(server, 'changer', PASSWORD)).rejects.toThrow();
    await logIn(server, 'changer', 'new-password-1');
  });

  it('when the current password is wrong, then it answers 401 Current password is incorrect', async () => {
    const client = await signUp(server, 'changer2');
    const answer = await client.put('/api/marketplace/change-password/changer2', {
      currentPassword: 'wrong-one',
      newPassword: 'new-password-1',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Current password is incorrect');
  });

  it('when the new password is short, then it answers 400', async () => {
    const client = await signUp(server, 'changer3');
    const answer = await client.put('/api/marketplace/change-password/changer3', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Password must be at least 8 characters long');
  });

  it('when neither a current password nor a token is given, then it answers 400', async () => {
    const client = await signUp(server, 'changer4');
    const answer = await client.put('/api/marketplace/change-password/changer4', { newPassword: 'long-enough-1' });
    expect(answer.status).toBe(400);
  });

  it("when changing another user's password, then it answers 403", async () => {
    await signUp(server, 'victim');
    const client = await signUp(server, 'attacker');
    const answer = await client.put('/api/marketplace/change-password/victim', { currentPassword: PASSWORD, newPassword: 'long-enough-1' });
    expect(answer.status).toBe(403);
  });

  it('when signed out with a current password, then it answers 401', async () => {
    const answer = await new Client(server.url).put('/api/marketplace/change-password/victim', {
      currentPassword: PASSWORD,
      newPassword: 'long-enough-1',
    });
    expect(answer.status).toBe(401);
  });

  it('when the token is made up, then it answers 403', async () => {
    const answer = await new Client(server.url).put('/api/marketplace/change-password/victim', {
      token: 'made-up',
      newPassword: 'long-enough-1',
    });
    expect(answer.status).toBe(403);
  });
});

describe('sessions and passwords at rest', () => {
  it('when a user signs up, then only the token hash and an argon2id password hash are stored', async () => {
    const client = await signUp(server, 'at_rest');
    const token = decodeURIComponent(client.cookie!.split('=')[1]);
    const [user] = await queryDatabase<{ id: number; password_hash: string }>(
      server,
      "SELECT id, password_hash FROM users WHERE username = 'at_rest'",
      [],
    );
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    const hashes = (
      await queryDatabase<{ token_hash: string }>(server, 'SELECT token_hash FROM sessions WHERE user_id = ?', [user.id])
    ).map((row) => row.token_hash);
    expect(hashes).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it.each([
    ['idle for more than 7 days', 'last_seen_at'],
    ['older than 30 days', 'created_at'],
  ])('when a session has been %s, then it answers 401', async (_what, column) => {
    const client = await signUp(server, `expired_${column}`);
    await queryDatabase(server, `UPDATE sessions SET ${column} = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)`, [
      Date.now() - 31 * 24 * 3600 * 1000,
      `expired_${column}`,
    ]);
    expect((await client.get('/api/marketplace/me')).status).toBe(401);
  });
});
