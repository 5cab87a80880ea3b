// An action's answer arrives as the API's JSON; the screens read records with their money in cents (issue 48.1).
// These read the answer of a sent action once, with the record's schema, where it comes back to the app.

type Sent<T> = { status: 'sent'; result: T };

/** The outcome with its `result` read by `read` when it was sent; any other outcome (queued, refused…) as it is. */
export function readSent<T, O extends { status: string }>(outcome: O, read: (json: unknown) => T): Exclude<O, Sent<unknown>> | Sent<T> {
  if (outcome.status !== 'sent') return outcome as Exclude<O, Sent<unknown>>;
  return { status: 'sent', result: read((outcome as unknown as Sent<unknown>).result) };
}
