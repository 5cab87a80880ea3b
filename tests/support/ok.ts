import type { APIResponse } from 'playwright-core';
import { expect } from 'vitest';

/** Asserts a setup call through the browser's request context succeeded (saying which and why not) and returns its JSON. */
export async function ok<T = unknown>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json().catch(() => null)) as T;
}
