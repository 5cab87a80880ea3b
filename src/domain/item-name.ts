/** Longest item name a player may type when selling: long enough for any real item, short enough to read on a card. */
export const ITEM_NAME_MAX_LENGTH = 60;

/** The server's answer, and the form's message, for a longer name. */
export const ITEM_NAME_TOO_LONG_TEXT = `The item name must be at most ${ITEM_NAME_MAX_LENGTH} characters`;

/** How many characters a typed name counts once trimmed, as the server counts them (UTF-16 units, like `maxLength`). */
export function itemNameLength(name: string): number {
  return name.trim().length;
}
