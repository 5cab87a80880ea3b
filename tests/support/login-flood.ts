/**
 * A flood of correct logins and another player's calls meanwhile (issue 29.3), shared by the API test and the bench:
 * plain fetch against a running server, nothing of vitest.
 */

/** Nearest-rank percentile. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
};

const json = (url: string, path: string, body: unknown, cookie?: string) =>
  fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function signUp(url: string, username: string, password: string): Promise<string> {
  const answer = await json(url, '/api/marketplace/signup', { username, password });
  if (answer.status !== 201) throw new Error(`signup ${username}: ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('bm_session='))!
    .split(';')[0];
}

/** The other player's own list, read one call after another for `ms`: each call's status and time. */
async function readList(url: string, cookie: string, username: string, ms: number) {
  const times: number[] = [];
  const statuses: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    const answer = await fetch(`${url}/api/user-purchase-requests/${username}`, { headers: { cookie } });
    await answer.arrayBuffer();
    statuses.push(answer.status);
    times.push(performance.now() - started);
  }
  return { times, statuses };
}

/** `parallel` loops of correct logins to one account for `ms`: each answer's status, Retry-After and time. */
async function floodLogins(url: string, username: string, password: string, parallel: number, ms: number) {
  const answers: Array<{ status: number; retryAfter: string | null; ms: number }> = [];
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const answer = await json(url, '/api/marketplace/login', { username, password });
        await answer.arrayBuffer();
        answers.push({ status: answer.status, retryAfter: answer.headers.get('retry-after'), ms: performance.now() - started });
      }
    }),
  );
  return answers;
}

/**
 * Signs up `flooded` and `other` (with five purchase requests), reads other's list for a second at rest, then for
 * `ms` while `parallel` loops log in to `flooded` with its right password.
 */
export async function measureLoginFlood(url: string, { parallel = 20, ms = 4_000, prefix = '' } = {}) {
  const password = 'flood-password-1';
  await signUp(url, `${prefix}flooded`, password);
  const other = `${prefix}other`;
  const cookie = await signUp(url, other, password);
  const order = { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 };
  for (let i = 0; i < 5; i++) await json(url, '/api/purchase-requests', order, cookie);
  const idle = await readList(url, cookie, other, 1_000);
  const [flood, during] = await Promise.all([
    floodLogins(url, `${prefix}flooded`, password, parallel, ms),
    readList(url, cookie, other, ms),
  ]);
  const served = flood.filter((answer) => answer.status === 200);
  return {
    idle,
    during,
    flood,
    /** Correct logins answered per second during the flood. */
    loginsPerSecond: served.length / (ms / 1000),
    loginP50: percentile(
      served.map((answer) => answer.ms),
      50,
    ),
  };
}
