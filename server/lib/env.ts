import * as z from 'zod';

/**
 * The environment read through zod (issue 48.5): each variable is a small schema that turns its text into a setting or
 * says what it takes. `readEnv` answers the first problem as one sentence naming the variable, so a bad setting stops
 * the start with a line an operator can act on.
 */
export type Env = Record<string, string | undefined>;

/** A variable's text; unset or blank reads as not given. */
export const given = z
  .string()
  .optional()
  .transform((raw) => (raw === undefined || raw.trim() === '' ? undefined : raw));

/** A variable checked by `problem` (the sentence after its name, or null when fine) and turned into a setting. */
export function checked<T>(read: (raw: string) => T | { problem: string }) {
  return given.transform((raw, ctx): T | undefined => {
    if (raw === undefined) return undefined;
    const value = read(raw);
    if (value !== null && typeof value === 'object' && 'problem' in value) {
      ctx.addIssue({ code: 'custom', message: value.problem });
      return z.NEVER;
    }
    return value as T;
  });
}

/** A number `fits` accepts, times `scale` (minutes or seconds into milliseconds). */
export function number(fits: (value: number) => boolean, says: string, scale = 1) {
  return checked((raw) => {
    const value = Number(raw);
    return Number.isFinite(value) && fits(value) ? value * scale : { problem: `must be ${says}, got '${raw}'` };
  });
}

export const positive = (scale = 1) => number((value) => value > 0, 'a positive number', scale);
export const nonNegative = (scale = 1) => number((value) => value >= 0, 'zero or a positive number', scale);
/** A whole count of at least one (a fraction is rounded down). */
export const count = () =>
  number((value) => value >= 1, 'a positive number').transform((value) => (value === undefined ? undefined : Math.floor(value)));

/** On unless 'false', '0' or 'no'. */
export const switchedOn = () =>
  given.transform((raw) => (raw === undefined ? undefined : !['false', '0', 'no'].includes(raw.toLowerCase())));

/** One of `values` (case-insensitive). */
export function oneOf<T extends string>(values: readonly T[], says = values.join(' or ')) {
  return checked((raw): T | { problem: string } => {
    const value = raw.trim().toLowerCase() as T;
    return values.includes(value) ? value : { problem: `must be ${says}, got '${raw}'` };
  });
}

/** Parses `env` with `schema`; throws the first problem as '<VARIABLE> <what it takes>'. */
export function readEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.join('.');
  // Some checks already name their variable (a sentence of their own module).
  throw new Error(issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`);
}
