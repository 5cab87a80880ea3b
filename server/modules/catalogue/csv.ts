import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueImportBody,
  type CatalogueImportChange,
  type CatalogueImportResult,
} from '../../../src/domain/schemas/catalogue-csv';
import type { Tx } from '../../db/scope';
import { toCsv } from '../../lib/csv';
import type { AuthUser } from '../users/repository';
import { nowIso } from '../../lib/time';
import { catalogueRepository as repo } from './repository';
import { toEntry, usdOf } from './entry';
import type { RowPlan } from './csv-cells';
import { planImport } from './csv-plan';
import type { CatalogueService } from './service';

/** What the CSV export and import are given: the database and the catalogue's writes. */
interface CsvDeps {
  tx: Tx;
  catalogue: CatalogueService;
}

type ImportAnswer = { status: number; body: CatalogueImportResult & { message?: string } };

/**
 * The catalogue as CSV (the columns of CATALOGUE_CSV_COLUMNS) and its import: a preview of what changes, row by row,
 * with every row's problems named; then the same file applied in one transaction, or nothing when any row is wrong.
 */
export function createCatalogueCsv(deps: CsvDeps) {
  return {
    exportCsv: () => exportCsv(deps.tx),
    /**
     * POST /api/admin/catalogue/import: a preview (what each row changes, every row's problems), or with `apply` the
     * whole file in one transaction — nothing at all when any row is wrong (400, the same body plus `message`).
     */
    importCsv: (actor: AuthUser, body: CatalogueImportBody) => (body.apply ? applyImport(deps, actor, body) : previewImport(deps, body)),
  };
}
export type CatalogueCsv = ReturnType<typeof createCatalogueCsv>;

async function exportCsv(tx: Tx): Promise<string> {
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
}

/** The import's preview: what each row would change, and every row's problems; nothing is written. */
async function previewImport({ tx, catalogue }: CsvDeps, body: CatalogueImportBody): Promise<ImportAnswer> {
  const { plans, errors } = await planImport(tx, body.csv);
  const described = plans.map((plan) => describe(catalogue, plan));
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

/** The whole file in one transaction, or nothing at all when any row is wrong (400). */
async function applyImport({ tx, catalogue }: CsvDeps, actor: AuthUser, body: CatalogueImportBody): Promise<ImportAnswer> {
  return await tx.run(async (tx) => {
    const { plans, errors } = await planImport(tx, body.csv);
    const described = plans.map((plan) => describe(catalogue, plan));
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
    const changed = await applyPlans(catalogue, tx, actor, plans, body.reason);
    const version = changed ? await catalogue.internals.announce(tx) : await repo.version(tx);
    return { status: 200, body: { applied: true, ...result, version } };
  });
}

/** Writes each row's plan in `tx`, as the calls would; true when anything changed. */
async function applyPlans(catalogue: CatalogueService, tx: Tx, actor: AuthUser, plans: readonly RowPlan[], reason: string) {
  const at = nowIso();
  let changed = false;
  for (const plan of plans) {
    if (plan.kind === 'create') {
      await catalogue.internals.insertItem(tx, actor, { ...plan.values, reason }, null, at);
      changed = true;
    } else {
      const item = (await repo.findBySeq(tx, plan.item.seq))!;
      const edit = await catalogue.internals.applyEdit(tx, item, actor, { ...plan.values, reason }, undefined, at);
      changed ||= edit.changed;
    }
  }
  return changed;
}

/** The preview's line for a plan; null when the row changes nothing. */
function describe(catalogue: CatalogueService, plan: RowPlan): CatalogueImportChange | null {
  if (plan.kind === 'create') {
    const { name, category, ...rest } = plan.values;
    return {
      row: plan.row,
      id: '',
      name,
      kind: 'create',
      changes: [
        { field: 'category', from: null, to: category },
        // Prices as the API spells them (USD).
        ...Object.entries(rest).map(([field, to]) => ({
          field,
          from: null,
          to: field === 'price' || field === 'sellPrice' ? usdOf(to as number | null) : to,
        })),
      ],
    };
  }
  const changes = catalogue.internals.diff(plan.item, plan.values, undefined);
  if (changes.length === 0) return null;
  return { row: plan.row, id: plan.item.id, name: plan.item.name, kind: 'update', changes };
}
