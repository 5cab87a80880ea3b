import { createHash } from 'node:crypto';
import { APPEARANCE_SCRIPT } from '../../src/domain/appearance-script';
import { AFTER_PAINT_HASH } from './after-paint';

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP source that allows index.html's appearance script (the player's Light/Dark choice before the first paint). */
export const APPEARANCE_SCRIPT_HASH = hashOf(APPEARANCE_SCRIPT);

/** Every inline script the pages may run, by hash: the appearance script and the drawn pages' after-paint loader. */
export const INLINE_SCRIPT_HASHES = [APPEARANCE_SCRIPT_HASH, AFTER_PAINT_HASH];
