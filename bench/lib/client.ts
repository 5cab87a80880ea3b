/** A tiny cookie-carrying API client for seeding. */
export class ApiClient {
  cookie = '';
  constructor(readonly base: string) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; data: T; bytes: number; retryAfter: number }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        Origin: this.base,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, data: data as T, bytes: Buffer.byteLength(text), retryAfter: Number(res.headers.get('retry-after')) || 0 };
  }

  /**
   * `call`, sent again after the server's Retry-After while it answers 503 (photo calls beyond those it runs at once)
   * or 429, as the app's outbox does; at most 30 tries.
   */
  async callPatiently<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T; bytes: number }> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.call<T>(method, path, body);
      if ((res.status !== 503 && res.status !== 429) || attempt === 30) return res;
      await new Promise((resolve) => setTimeout(resolve, Math.max(res.retryAfter * 1000, 100)));
    }
  }

  async signup(username: string, password = 'bench-password-1'): Promise<void> {
    // Patiently: the sign-in gate answers 503 + Retry-After while it hashes other passwords (a loaded machine).
    const res = await this.callPatiently('POST', '/api/marketplace/signup', { username, password });
    if (res.status !== 201 && res.status !== 200) throw new Error(`signup ${username}: ${res.status} ${JSON.stringify(res.data)}`);
    await this.call('PUT', `/api/marketplace/contact/${username}`, { contactEmail: `${username}@example.com` });
  }

  async login(username: string, password: string): Promise<void> {
    // Patiently too: 46 bystanders logging in at once meet the same gate on a loaded machine (a run failed on it).
    const res = await this.callPatiently('POST', '/api/marketplace/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.data)}`);
  }
}

/** A purchase request body the server accepts (priced from the shared catalogue). */
/** A sell submission without a photo (the admin tools measure the page, not uploads): a Golden AK-47 or a Glock by turns. */
export function submissionBody(i: number) {
  return {
    ps5Name: i % 2 ? 'Glock' : 'Golden AK-47',
    robloxName: 'weapons',
    quantity: 1,
    hasMultipleQuantity: false,
    paymentMethod: 'usd',
  };
}

export function purchaseBody(username: string) {
  return {
    requesterName: username,
    items: [
      { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 },
      { id: 'ammo-rifle-ammo', name: 'Rifle Ammo', category: 'Ammo', price: '$0.05', quantity: 100 },
      { id: 'consumable-first-aid-kit', name: 'First Aid Kit', category: 'Equipment', price: '$0.69', quantity: 3 },
    ],
    totalPrice: 11.07,
    requestedAt: new Date().toISOString(),
  };
}

/** Runs `task` for 0..n-1 with at most `concurrency` in flight. */
export async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}
