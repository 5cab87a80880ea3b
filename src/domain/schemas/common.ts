import * as z from 'zod/mini';
import { MAX_QUANTITY, QUANTITY_TOO_LARGE_TEXT } from '../quantity';

/** Every non-2xx answer: a sentence a person can act on, plus every field problem on a 400. */
export const ErrorBody = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** ISO date-time text as the server writes it, or null. */
export const NullableTimestamp = z.nullable(z.string());

/** A positive whole quantity: an integer above 0, at most the maximum the inputs also know. */
export const Quantity = z
  .int('Quantity must be a whole number')
  .check(z.gte(1, 'Quantity must be at least 1'), z.lte(MAX_QUANTITY, QUANTITY_TOO_LARGE_TEXT));

/**
 * The largest id a record can have: ids are `integer` columns, and PostgreSQL refuses a larger number with an error
 * (a 500) where SQLite simply finds nothing (issue 45.8). Every id a call reads is checked against it, so both
 * engines answer 400 alike.
 */
export const MAX_ID = 2_147_483_647;
const ID_TEXT = 'The id must be a whole number from 1 to 2,147,483,647';

/** Whether `value` can be a record's id. */
export const isRecordId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/** A record's id in a body (`subjectId`, `submissionId`, …): a whole number from 1 to MAX_ID; `message` when not. */
export const RecordId = (message = ID_TEXT) => z.int(message).check(z.gte(1, message), z.lte(MAX_ID, message));

/** A numeric id in a path or a query, such as /api/purchase-requests/{id} or ?before={id}. */
export const IdParam = z.pipe(
  z.string(ID_TEXT).check(
    z.regex(/^[1-9][0-9]{0,9}$/, ID_TEXT),
    z.refine((value) => Number(value) <= MAX_ID, ID_TEXT),
  ),
  z.transform((value: string) => Number(value)),
);

/** 'Immediately' or M/D/YYYY (month 1-12, day 1-31). */
export const ScheduleDate = z
  .string()
  .check(
    z.regex(/^(Immediately|(0?[1-9]|1[0-2])\/(0?[1-9]|[12][0-9]|3[01])\/20[0-9]{2})$/, "The date must be 'Immediately' or month/day/year"),
  );

/** h:mm AM/PM (hour 1-12, minute 00-59), or empty when immediate. */
export const ScheduleTime = z.string().check(z.regex(/^((0?[1-9]|1[0-2]):[0-5][0-9] (AM|PM))?$/, 'The time must read h:mm AM or h:mm PM'));

/**
 * The status the admin saw when they acted (DESIGN.md §10): when the record has moved on, the server answers 409
 * naming who moved it and when, and changes nothing. The app always sends it.
 */
export const ExpectedStatus = z.optional(z.string().check(z.maxLength(32)));
