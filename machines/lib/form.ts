/**
 * Helpers shared by the form flows. Machines stay pure: they validate with the contract's zod/mini
 * schemas (the same messages the server sends) and read failures by shape, never by importing the
 * SPA's HTTP client.
 */
import { serverMessage } from './serverMessage';

export { messageOr, serverMessage } from './serverMessage';

/** One message per field: the first problem the schema reports for it. */
export type FieldErrors = Partial<Record<string, string>>;

type SafeParser = {
  safeParse: (
    value: unknown,
  ) =>
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
};

export function validate(schema: SafeParser, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** A list with `id` added, or taken out when it is there (a ticked or unticked box). */
export function toggled(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id];
}

/** The HTTP status of a failure, when it has one (0 for network failures). */
export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return 0;
}

type FormContext<V> = { values: V; errors: FieldErrors; submitted: boolean };

/** A field edit: the new values, with the errors re-checked only once the form has been submitted. */
export function editField<V>(schema: SafeParser, context: FormContext<V>, name: keyof V, value: unknown) {
  const values: V = { ...context.values, [name]: value };
  return { values, errors: context.submitted ? validate(schema, values) : context.errors };
}

/** A submit the schema refused: the errors show, and follow every edit from now on. */
export function refusedSubmit(schema: SafeParser, values: unknown) {
  return { errors: validate(schema, values), formError: null, submitted: true };
}

/** A failed export's toast: the server's words, else the failure's own. */
export function exportFailure(error: unknown): string {
  return `Export failed: ${serverMessage(error) ?? (error instanceof Error ? error.message : 'please try again.')}`;
}
