import { useState, type ChangeEvent, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { useTimer } from './use-timer';

/** A problem a form's check found: its words and the field it is about (none for the whole form). */
export interface FormIssue {
  field?: string;
  message: string;
}

/** A form's check: the body to send, or the problems in the order they were found. */
export type FormCheck<Values, Out> = (values: Values) => { data: Out } | { issues: FormIssue[] };

/** Each field's first problem. */
export type FieldProblems = Partial<Record<string, string>>;

/** Checks a form with a zod schema; `input` turns the form's values into what the schema reads (the values as they are by default). */
export function schemaCheck<Values, Out>(
  schema: z.ZodMiniType<Out>,
  input: (values: Values) => unknown = (values) => values,
): FormCheck<Values, Out> {
  return (values) => {
    const result = z.safeParse(schema, input(values));
    if (result.success) return { data: result.data };
    return { issues: result.error.issues.map((issue) => ({ field: issue.path[0]?.toString(), message: issue.message })) };
  };
}

export interface ZodFormOptions {
  /** Hide a shown error after this many milliseconds (each new error starts the wait again). */
  hideErrorAfter?: number;
}

/** What binds an input or textarea to a text field: its name, value and change handler. */
export interface FieldBinding<Name extends string = string> {
  name: Name;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** The names of the fields whose value is text (the ones `field` can bind to an input). */
type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;

/**
 * A form's state on one hook: its values, the props that bind an input to a field, the error shown (the first problem
 * the check finds, or what the form sets after a failed call) and each field's first problem, and a submit handler
 * that sends only a form that passed its check — a zod schema (most often one of src/domain/schemas) or a `FormCheck`.
 */
export function useZodForm<Values extends object, Out>(
  check: z.ZodMiniType<Out> | FormCheck<Values, Out>,
  initial: Values | (() => Values),
  { hideErrorAfter }: ZodFormOptions = {},
) {
  const [values, setValues] = useState<Values>(initial);
  const [error, showError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const hideTimer = useTimer();

  const setError = (text: string | null) => {
    showError(text);
    if (text !== null && hideErrorAfter !== undefined) hideTimer.start(() => showError(null), hideErrorAfter);
  };

  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((current) => ({ ...current, [name]: value }));

  /** The props of the input of a text field: its name, value and change handler. */
  const field = <K extends TextKeys<Values>>(name: K): FieldBinding<K> => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, event.target.value as Values[K]),
  });

  /** Checks the values: the body to send, or null after showing the first problem and noting each field's. */
  const validate = (): { data: Out } | null => {
    const result = typeof check === 'function' ? check(values) : schemaCheck<Values, Out>(check)(values);
    if ('data' in result) {
      setError(null);
      setProblems({});
      return result;
    }
    const found: FieldProblems = {};
    for (const issue of result.issues) found[issue.field ?? ''] ??= issue.message;
    setError(result.issues[0]?.message ?? null);
    setProblems(found);
    return null;
  };

  /** The form's submit handler: nothing while `busy`; otherwise `send` gets the checked body (and the values) when the check passes. */
  const handleSubmit =
    (send: (data: Out, values: Values) => void, busy = false) =>
    (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      const checked = validate();
      if (checked) send(checked.data, values);
    };

  /** Back to the first values, with nothing shown. */
  const reset = () => {
    hideTimer.cancel();
    setValues(initial);
    showError(null);
    setProblems({});
  };

  return { values, setValues, set, field, error, setError, problems, handleSubmit, reset };
}

/** What `useZodForm` gives, for the hooks and components a form hands it to. */
export type ZodForm<Values extends object, Out> = ReturnType<typeof useZodForm<Values, Out>>;
