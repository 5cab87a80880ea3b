import { readCarried, readNote, type Note } from '../../server/realtime/bus';

/** A live note as a listener outside the servers hears it, its record's message read too. */
export function readFully(text: string): Note {
  const note = readNote(text);
  if (note.kind === 'record' && note.carried !== undefined) note.carried = readCarried(note.carried) ?? undefined;
  return note;
}
