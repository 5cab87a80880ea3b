import { sql, type RawBuilder } from 'kysely';

/** A row of type `Row` as the values of `columns`, in their order (a tuple typed by the row's own columns). */
export type ValuesOf<Row, Columns extends readonly (keyof Row)[]> = { -readonly [I in keyof Columns]: Row[Columns[I]] };

/** A row object's values of `columns`, in their order. */
export function valuesOf<Row, const Columns extends readonly (keyof Row)[]>(row: Row, columns: Columns): ValuesOf<Row, Columns> {
  const values = new Array<unknown>(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i]!];
  return values as ValuesOf<Row, Columns>;
}

/**
 * SQLite: the rows of `query` as one JSON text (a scalar sub-select), an array of each row's values of `columns` in
 * their order; `query`'s ORDER BY holds (SQLite does not flatten an ordered sub-select into an aggregate). Transport
 * only: the values go as stored, neither renamed nor formatted; the reader maps them, in JavaScript, as it maps
 * PostgreSQL's rows. better-sqlite3 builds a row object one key at a time in C++: for 10,000 purchase requests and
 * their 30,000 lines that took ~5× the time of this text and its JSON.parse, and JSON objects keyed by column made the
 * whole list's build ~1.5× as long as arrays of values (measured, issue 48).
 */
export const packedValues = (query: RawBuilder<unknown>, columns: readonly string[]): RawBuilder<string> =>
  sql<string>`(SELECT coalesce(json_group_array(json_array(${sql.raw(columns.map((column) => `"${column}"`).join(', '))})), '[]') FROM (${query}))`;
