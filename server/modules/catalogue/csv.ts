import { CsvError, parse } from 'csv-parse/sync';
import { normaliseName } from '../../../src/domain/catalogue';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_STATUSES,
  MAX_CATALOGUE_PRICE,
  MAX_CATALOGUE_STOCK,
  type CatalogueImportBody,
  type CatalogueImportChange,
  type CatalogueImportError,
  type CatalogueImportResult,
  type CatalogueCategory,
  type CatalogueStatus,
} from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import { toCsv } from '../../lib/csv';
import type { AuthUser } from '../users/repository';
import { nowIso } from '../../lib/time';
import { catalogueRepository as repo, type ItemRow } from './repository';
import { toEntry } from './entry';
import type { CatalogueService } from './service';

type Column = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** A row's values as the import reads them; a column the file does not have is undefined (left as it is). */
interface RowValues {
  id?: string;
  name?: string;
  category?: CatalogueCategory;
  subcategory?: string;
  price?: number | null;
  sellPrice?: number | null;
  status?: CatalogueStatus;
  stock?: number | null;
}

/** What one row of the file asks: a new item, or changes to one. */
type RowPlan =
  | { row: number; kind: 'create'; values: Required<Omit<RowValues, 'id'>> }
  | { row: number; kind: 'update'; item: ItemRow; values: RowValues };

/** The export neutralises text a spreadsheet would run ('=…' gets a leading apostrophe): the import takes it off. */
const unneutralise = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const PRICE_TEXT = /^\$?\s*([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]{1,2})?$/;

/** A price cell: '' for no price, else dollars with at most two decimals ('$1,200.50', '18', '0.03'). */
function readPrice(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  if (text === '') return { ok: true, value: null };
  if (!PRICE_TEXT.test(text)) return { ok: false, message: `'${text}' is not a price (write dollars, e.g. 18 or 0.05)` };
  const value = Number(text.replace(/[$,\s]/g, ''));
  if (value > MAX_CATALOGUE_PRICE) return { ok: false, message: `'${text}' is above the largest price, $1,000,000` };
  return { ok: true, value };
}

/** A stock cell: '' or 'unlimited' for unlimited, else a whole count from 0. */
function readStock(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  if (text === '' || text.toLowerCase() === 'unlimited') return { ok: true, value: null };
  if (!/^[0-9]+$/.test(text) || Number(text) > MAX_CATALOGUE_STOCK)
    return { ok: false, message: `'${text}' is not a stock count (a whole number from 0, or empty for unlimited)` };
  return { ok: true, value: Number(text) };
}

/**
 * The catalogue as CSV (the columns of CATALOGUE_CSV_COLUMNS) and its import: a preview of what changes, row by row,
 * with every row's problems named; then the same file applied in one transaction, or nothing when any row is wrong.
 */
export function createCatalogueCsv({ tx, catalogue }: { tx: Tx; catalogue: CatalogueService }) {
  /** Reads the file into plans and errors against the catalogue as `tx` sees it. */
  async function plan(tx: Tx, csv: string): Promise<{ plans: RowPlan[]; errors: CatalogueImportError[] }> {
    const errors: CatalogueImportError[] = [];
    let records: Array<{ record: string[]; info: { lines: number } }>;
    try {
      records = parse(csv, {
        bom: true,
        skip_empty_lines: true,
        relax_column_count: true,
        trim: true,
        info: true,
      }) as unknown as typeof records;
    } catch (error) {
      const line =
        error instanceof CsvError && typeof (error as CsvError & { lines?: number }).lines === 'number'
          ? (error as CsvError & { lines: number }).lines
          : 1;
      return { plans: [], errors: [{ row: line, column: null, message: `The file is not valid CSV: ${(error as Error).message}` }] };
    }
    if (records.length === 0) return { plans: [], errors: [{ row: 1, column: null, message: 'The file is empty: it needs a header row' }] };
    const header = records[0].record.map((cell) => cell.trim());
    const columns = new Map<Column, number>();
    header.forEach((name, index) => {
      const column = CATALOGUE_CSV_COLUMNS.find((known) => known.toLowerCase() === name.toLowerCase());
      if (!column)
        errors.push({ row: 1, column: name, message: `Unknown column '${name}' (the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')})` });
      else if (columns.has(column)) errors.push({ row: 1, column: name, message: `The column '${name}' appears twice` });
      else columns.set(column, index);
    });
    if (!columns.has('id') && !columns.has('name'))
      errors.push({
        row: 1,
        column: null,
        message: "The header needs an 'id' column (to change items) or 'name' and the other columns (to add them)",
      });
    if (errors.length > 0) return { plans: [], errors };

    const items = await repo.list(tx, false);
    const byId = new Map(items.map((item) => [item.id, item]));
    const seenIds = new Set<string>();
    const newNames = new Set<string>();
    const plans: RowPlan[] = [];
    for (const { record, info } of records.slice(1)) {
      const row = info.lines;
      const cell = (column: Column): string | undefined => {
        const index = columns.get(column);
        return index === undefined ? undefined : unneutralise((record[index] ?? '').trim());
      };
      const rowErrors: CatalogueImportError[] = [];
      const fail = (column: Column | null, message: string) => rowErrors.push({ row, column, message });
      if (record.length > header.length) {
        errors.push({
          row,
          column: null,
          message: `This row has ${record.length} cells but the header has ${header.length}: quote a cell that holds a comma ("$1,200.50")`,
        });
        continue;
      }
      const values: RowValues = {};
      const id = cell('id');
      const name = cell('name');
      if (name !== undefined) {
        if (name === '') fail('name', 'The name is empty');
        else if (name.length > 120) fail('name', 'The name is at most 120 characters');
        else values.name = name;
      }
      const category = cell('category');
      if (category !== undefined && category !== '') {
        const known = CATALOGUE_CATEGORIES.find((c) => c.toLowerCase() === category.toLowerCase());
        if (!known) fail('category', `'${category}' is not a category (${CATALOGUE_CATEGORIES.join(', ')})`);
        else values.category = known;
      }
      const subcategory = cell('subcategory');
      if (subcategory !== undefined && subcategory !== '') {
        if (subcategory.length > 60) fail('subcategory', 'The subcategory is at most 60 characters');
        else values.subcategory = subcategory;
      }
      for (const column of ['price', 'sellPrice'] as const) {
        const text = cell(column);
        if (text === undefined) continue;
        const read = readPrice(text);
        if (read.ok) values[column] = read.value;
        else fail(column, read.message);
      }
      const status = cell('status');
      if (status !== undefined && status !== '') {
        const known = CATALOGUE_STATUSES.find((s) => s === status.toLowerCase());
        if (!known) fail('status', `'${status}' is not a status (active, hidden or archived)`);
        else values.status = known;
      }
      const stockText = cell('stock');
      if (stockText !== undefined) {
        const read = readStock(stockText);
        if (read.ok) values.stock = read.value;
        else fail('stock', read.message);
      }

      if (id) {
        const item = byId.get(id);
        if (seenIds.has(id)) fail('id', `The item '${id}' appears on an earlier row too`);
        seenIds.add(id);
        if (!item) fail('id', `There is no item with the id '${id}' (leave the id empty to add a new item)`);
        else if (values.category && values.category !== item.category)
          fail('category', `${item.name} is in ${item.category}; an item cannot move to another category (add a new item instead)`);
        if (item && rowErrors.length === 0) plans.push({ row, kind: 'update', item, values });
      } else {
        for (const column of ['name', 'category', 'subcategory'] as const)
          if (values[column] === undefined && !rowErrors.some((e) => e.column === column))
            fail(column, `A new item needs its ${column} (or an id to change an existing item)`);
        for (const column of ['price', 'sellPrice'] as const)
          if (cell(column) === undefined) fail(column, `A new item needs the ${column} column`);
        if (values.name && values.category) {
          const key = `${values.category.toLowerCase()}\n${normaliseName(values.name)}`;
          const taken = items.find(
            (item) =>
              item.category === values.category &&
              [item.name, ...(JSON.parse(item.aliases) as string[])].map(normaliseName).includes(normaliseName(values.name!)),
          );
          if (taken) fail('name', `${values.category} already has an item named '${taken.name}' (give its id to change it)`);
          else if (newNames.has(key)) fail('name', `'${values.name}' is added on an earlier row too`);
          newNames.add(key);
        }
        if (rowErrors.length === 0)
          plans.push({
            row,
            kind: 'create',
            values: {
              name: values.name!,
              category: values.category!,
              subcategory: values.subcategory!,
              price: values.price ?? null,
              sellPrice: values.sellPrice ?? null,
              status: values.status ?? 'active',
              stock: values.stock ?? null,
            },
          });
      }
      errors.push(...rowErrors);
    }
    return { plans, errors };
  }

  /** The preview's line for a plan; null when the row changes nothing. */
  function describe(plan: RowPlan): CatalogueImportChange | null {
    if (plan.kind === 'create') {
      const { name, category, ...rest } = plan.values;
      return {
        row: plan.row,
        id: '',
        name,
        kind: 'create',
        changes: [
          { field: 'category', from: null, to: category },
          ...Object.entries(rest).map(([field, to]) => ({ field, from: null, to })),
        ],
      };
    }
    const changes = catalogue.internals.diff(plan.item, plan.values, undefined);
    if (changes.length === 0) return null;
    return { row: plan.row, id: plan.item.id, name: plan.item.name, kind: 'update', changes };
  }

  return {
    async exportCsv(): Promise<string> {
      const rows = (await repo.list(tx, false)).map(toEntry);
      const money = (value: number | null) => (value === null ? '' : value.toFixed(2));
      return toCsv(
        CATALOGUE_CSV_COLUMNS,
        rows.map((item) => [
          item.id,
          item.name,
          item.category,
          item.subcategory,
          money(item.price),
          money(item.sellPrice),
          item.status,
          item.stock,
        ]),
      );
    },

    /**
     * POST /api/admin/catalogue/import: a preview (what each row changes, every row's problems), or with `apply` the
     * whole file in one transaction — nothing at all when any row is wrong (400, the same body plus `message`).
     */
    async importCsv(
      actor: AuthUser,
      body: CatalogueImportBody,
    ): Promise<{ status: number; body: CatalogueImportResult & { message?: string } }> {
      if (!body.apply) {
        const { plans, errors } = await plan(tx, body.csv);
        const described = plans.map(describe);
        return {
          status: 200,
          body: {
            applied: false,
            changes: described.filter((change) => change !== null),
            unchanged: described.filter((change) => change === null).length,
            errors,
            version: await repo.version(tx),
          },
        };
      }
      return await tx.run(async (tx) => {
        const { plans, errors } = await plan(tx, body.csv);
        const described = plans.map(describe);
        const result = {
          changes: described.filter((change) => change !== null),
          unchanged: described.filter((change) => change === null).length,
          errors,
        };
        if (errors.length > 0) {
          const rows = new Set(errors.map((error) => error.row)).size;
          return {
            status: 400,
            body: {
              message: `${rows === 1 ? 'One row has' : `${rows} rows have`} problems, so nothing was changed. Correct the file and import it again.`,
              applied: false,
              ...result,
              version: await repo.version(tx),
            },
          };
        }
        const at = nowIso();
        let changed = false;
        for (const plan of plans) {
          if (plan.kind === 'create') {
            await catalogue.internals.insertItem(tx, actor, { ...plan.values, reason: body.reason }, null, at);
            changed = true;
          } else {
            const item = (await repo.findBySeq(tx, plan.item.seq))!;
            const edit = await catalogue.internals.applyEdit(tx, item, actor, { ...plan.values, reason: body.reason }, undefined, at);
            changed ||= edit.changed;
          }
        }
        const version = changed ? await catalogue.internals.announce(tx) : await repo.version(tx);
        return { status: 200, body: { applied: true, ...result, version } };
      });
    },
  };
}
export type CatalogueCsv = ReturnType<typeof createCatalogueCsv>;
