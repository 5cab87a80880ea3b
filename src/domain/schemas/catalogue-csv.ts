// The catalogue's CSV (DESIGN.md §14, issue 49): the columns GET /api/admin/catalogue/export.csv answers and
// POST /api/admin/catalogue/import reads, the import's body and its answer. Shared by the server and the app.
import * as z from 'zod/mini';
import { CatalogueReason } from './catalogue';

/** The CSV columns GET /api/admin/catalogue/export.csv answers and import reads (a header row names them). */
export const CATALOGUE_CSV_COLUMNS = ['id', 'name', 'category', 'subcategory', 'price', 'sellPrice', 'status', 'stock'] as const;

/** POST /api/admin/catalogue/import (super admin): `apply: false` (the default) previews, `apply: true` writes. */
export const CatalogueImportBody = z.object({
  csv: z.string('Paste or choose a CSV file').check(z.minLength(1, 'The CSV is empty'), z.maxLength(2_000_000, 'The CSV is too large')),
  apply: z.optional(z.boolean()),
  reason: CatalogueReason,
});
export type CatalogueImportBody = z.infer<typeof CatalogueImportBody>;

/** One row of an import that changes something: a new item or a change of fields. */
export const CatalogueImportChange = z.object({
  /** The row number in the file, the header being row 1. */
  row: z.number(),
  id: z.string(),
  name: z.string(),
  kind: z.enum(['create', 'update']),
  changes: z.array(
    z.object({ field: z.string(), from: z.nullable(z.union([z.string(), z.number()])), to: z.nullable(z.union([z.string(), z.number()])) }),
  ),
});
export type CatalogueImportChange = z.infer<typeof CatalogueImportChange>;

/** A row the import cannot take, named by its row (and column when one is at fault). */
export const CatalogueImportError = z.object({ row: z.number(), column: z.nullable(z.string()), message: z.string() });
export type CatalogueImportError = z.infer<typeof CatalogueImportError>;

/**
 * The import's answer: what changes (rows that change nothing are only counted), the errors, and whether it was
 * written. An apply with any error writes nothing and answers 400 with this body plus `message`.
 */
export const CatalogueImportResult = z.object({
  applied: z.boolean(),
  changes: z.array(CatalogueImportChange),
  unchanged: z.number(),
  errors: z.array(CatalogueImportError),
  /** The catalogue's version after the apply (or now, for a preview). */
  version: z.number(),
});
export type CatalogueImportResult = z.infer<typeof CatalogueImportResult>;
