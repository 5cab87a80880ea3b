/** Reads /metrics (from loopback, or with the bearer token) and answers its Prometheus text. */
export async function scrape(url: string, token?: string): Promise<string> {
  const answer = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`);
  return answer.text();
}

/**
 * The value of one sample: `name` with every label in `labels` (others may be present), summed over the samples that
 * match; 0 when none does (a counter not yet moved).
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[4]);
  }
  return total;
}

/** Every label value in the text (to show none of them is a user, an email or a record's id). */
export function labelValues(text: string): string[] {
  return [...text.matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
}
