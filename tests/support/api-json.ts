import * as z from 'zod/mini';

/**
 * An answer as the API writes it (money in dollars and '$2.99' texts), once checked to have the shape its schema
 * documents. The schemas also read money into cents for the app (issue 48.1); the API tests assert the JSON itself.
 */
export function apiJson<S extends z.ZodMiniType>(schema: S, body: unknown): z.input<S> {
  z.parse(schema, body);
  return body as z.input<S>;
}
