import { CsvError, parse } from 'csv-parse/sync';
import { normaliseName } from '../../../src/domain/catalogue';
import { CATALOGUE_CATEGORIES, CATALOGUE_STATUSES } from '../../../src/domain/schemas/catalogue';
import { CATALOGUE_CSV_COLUMNS, type CatalogueImportError } from '../../../src/domain/schemas/catalogue-csv';
import type { Tx } from '../../db/scope';
import { type Column, readPrice, readStock, type RowPlan, type RowValues, unneutralise } from './csv-cells';
import { catalogueRepository as repo, type ItemRow } from './repository';

type CsvRecord = { record: string[]; info: { lines: number } };
type Fail = (column: Column | null, message: string) => void;
type Cell = (column: Column) => string | undefined;

/** What every row is read against: the header, the catalogue as the transaction sees it, and the rows before. */
interface PlanContext {
  header: string[];
  columns: Map<Column, number>;
  items: ItemRow[];
  byId: Map<string, ItemRow>;
  seenIds: Set<string>;
  newNames: Set<string>;
}

/** Reads the file into plans and errors against the catalogue as `tx` sees it. */
export async function planImport(tx: Tx, csv: string): Promise<{ plans: RowPlan[]; errors: CatalogueImportError[] }> {
  const parsed = parseRecords(csv);
  if ('errors' in parsed) return { plans: [], errors: parsed.errors };
  const { records } = parsed;
  if (records.length === 0) return { plans: [], errors: [{ row: 1, column: null, message: 'The file is empty: it needs a header row' }] };
  const header = records[0].record.map((cell) => cell.trim());
  const { columns, errors } = readHeader(header);
  if (errors.length > 0) return { plans: [], errors };

  const items = await repo.list(tx, false);
  const context: PlanContext = {
    header,
    columns,
    items,
    byId: new Map(items.map((item) => [item.id, item])),
    seenIds: new Set<string>(),
    newNames: new Set<string>(),
  };
  const plans: RowPlan[] = [];
  for (const record of records.slice(1)) {
    const planned = planRow(context, record);
    if (planned.plan) plans.push(planned.plan);
    errors.push(...planned.errors);
  }
  return { plans, errors };
}

function parseRecords(csv: string): { records: CsvRecord[] } | { errors: CatalogueImportError[] } {
  try {
    const records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as CsvRecord[];
    return { records };
  } catch (error) {
    const line =
      error instanceof CsvError && typeof (error as CsvError & { lines?: number }).lines === 'number'
        ? (error as CsvError & { lines: number }).lines
        : 1;
    return { errors: [{ row: line, column: null, message: `The file is not valid CSV: ${(error as Error).message}` }] };
  }
}

/** The header's columns by position, and its problems (an unknown or repeated column, neither id nor name). */
function readHeader(header: string[]): { columns: Map<Column, number>; errors: CatalogueImportError[] } {
  const errors: CatalogueImportError[] = [];
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
  return { columns, errors };
}

/** One row's plan (none when it has problems) and its problems. */
function planRow(context: PlanContext, { record, info }: CsvRecord): { plan?: RowPlan; errors: CatalogueImportError[] } {
  const row = info.lines;
  const { header, columns } = context;
  const cell: Cell = (column) => {
    const index = columns.get(column);
    return index === undefined ? undefined : unneutralise((record[index] ?? '').trim());
  };
  const rowErrors: CatalogueImportError[] = [];
  const fail: Fail = (column, message) => rowErrors.push({ row, column, message });
  if (record.length > header.length)
    return {
      errors: [
        {
          row,
          column: null,
          message: `This row has ${record.length} cells but the header has ${header.length}: quote a cell that holds a comma ("$1,200.50")`,
        },
      ],
    };
  const values = readValues(cell, fail);
  const id = cell('id');
  const plan = id ? planUpdate(context, row, id, values, fail, rowErrors) : planCreate(context, row, values, cell, fail, rowErrors);
  return { plan, errors: rowErrors };
}

/** The row's cells read into values; each cell that is wrong fails its column. */
function readValues(cell: Cell, fail: Fail): RowValues {
  const values: RowValues = {};
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
  return values;
}

/** A row with an id changes that item (which must exist, appear once, and stay in its category). */
function planUpdate(
  { byId, seenIds }: PlanContext,
  row: number,
  id: string,
  values: RowValues,
  fail: Fail,
  rowErrors: readonly CatalogueImportError[],
): RowPlan | undefined {
  const item = byId.get(id);
  if (seenIds.has(id)) fail('id', `The item '${id}' appears on an earlier row too`);
  seenIds.add(id);
  if (!item) fail('id', `There is no item with the id '${id}' (leave the id empty to add a new item)`);
  else if (values.category && values.category !== item.category)
    fail('category', `${item.name} is in ${item.category}; an item cannot move to another category (add a new item instead)`);
  if (item && rowErrors.length === 0) return { row, kind: 'update', item, values };
  return undefined;
}

/** A row without an id adds an item: it needs every column, and a name free in its category and in the file. */
function planCreate(
  { items, newNames }: PlanContext,
  row: number,
  values: RowValues,
  cell: Cell,
  fail: Fail,
  rowErrors: readonly CatalogueImportError[],
): RowPlan | undefined {
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
  if (rowErrors.length > 0) return undefined;
  return {
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
  };
}
