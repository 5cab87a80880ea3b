import { closeWhere, type HubState } from './hub-clients';

/** Whether each of the user's sessions with open sockets acts as an admin's: only once it passed the second factor. */
async function adminSessions({ options, clients }: HubState, userId: number, isAdmin: boolean): Promise<Map<string, boolean>> {
  const sessions = new Map<string, boolean>();
  for (const client of clients) {
    const { sessionHash } = client.identity;
    if (client.identity.userId === userId && !sessions.has(sessionHash))
      sessions.set(sessionHash, isAdmin && (options.isAdminSession ? await options.isAdminSession(sessionHash) : true));
  }
  return sessions;
}

/**
 * The user's role changed (a promotion; a demotion also ends the sessions): their open sockets take the new role
 * once it is read — one query per change and process, whatever the number of sockets. Resolves when applied.
 */
export async function userChanged(state: HubState, userId: number): Promise<void> {
  const { options, clients, rereads } = state;
  state.changes += 1;
  if (![...clients].some((client) => client.identity.userId === userId)) return;
  const asked = state.changes;
  rereads.set(userId, asked);
  try {
    const sessions = await adminSessions(state, userId, await options.isAdmin(userId));
    if (rereads.get(userId) !== asked) return; // a later change's answer wins
    for (const client of clients)
      if (client.identity.userId === userId) client.identity.isAdmin = sessions.get(client.identity.sessionHash) ?? false;
  } catch (error) {
    // Not knowing the role, the safe side: the sockets reconnect and read it with their session.
    options.logger.error({ err: error, userId }, "a user's new role could not be read: their sockets reconnect");
    closeWhere(state, (client) => client.identity.userId === userId, 'Reconnect to read the latest', 1012);
  } finally {
    if (rereads.get(userId) === asked) rereads.delete(userId);
  }
}
