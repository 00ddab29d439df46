import { expect } from 'vitest';
import type { PathStep } from './flowPath';

/**
 * The rules the organiser's tab machines share (decision 054: expectations written apart from the
 * machine), for a model test to follow step by step and compare with the real actor:
 * - loading: the tab's data arrives (`load.onDone` puts it in the context) or the page says why
 *   (the server's words, else the tab's own) and offers `retry`, which clears the words;
 * - one form, quiet until its first submit: a submit the rules refuse shows every field's words and
 *   sends nothing; an edit re-checks once submitted and clears the last failure's words; a sent form
 *   is locked until the answer, then emptied with a toast (`form.onDone`), or kept with the words;
 * - removing one item: the id is kept while the call runs, then the new list and a toast, or a toast
 *   saying nothing was removed (the server's words, else the tab's own).
 * Each test writes its tab's own words, fields and results in plain code.
 */
type Ev = { type: string; [key: string]: unknown };

export type TabOracleOptions<C extends Record<string, unknown>> = {
  context: C;
  load: { fallback: string; onDone: (c: C, output: unknown) => void };
  form?: {
    /** The context field holding the values. */
    blank: Record<string, unknown>;
    /** Each field's words for these values (none: the form may be sent). */
    errorsOf: (values: Record<string, unknown>) => Record<string, string>;
    /** The busy state's name and the call's (as in `xstate.done.actor.<call>`). */
    state: string;
    call: string;
    /** The call's input for these values. */
    input: (c: C) => unknown;
    fallback: string;
    onDone: (c: C, output: unknown) => void;
    notice?: (c: C) => string;
    /** `{ event: 'ticketType.toggle', field: 'ticketTypeIds', id: 'ticketId' }`: a box ticked or unticked. */
    toggles?: { event: string; field: string; id: string }[];
    /** Whether an edit clears the last failure's words (default true). */
    editClearsFormError?: boolean;
    /**
     * Other edits, by event type: the values they leave (re-checked once submitted) and whether
     * they clear the last failure's words.
     */
    edits?: Record<
      string,
      {
        values: (values: Record<string, unknown>, e: Ev) => Record<string, unknown>;
        clearsFormError: boolean;
      }
    >;
  };
  remove?: {
    event: string;
    /** The event's id field and the context's field keeping it while the call runs. */
    id: string;
    keep: string;
    state: string;
    call: string;
    input: (c: C) => unknown;
    onDone: (c: C, output: unknown) => void;
    notice: string;
    fallback: string;
  };
};

const serverWords = (e: Ev) =>
  (e.error as { serverMessage?: string | null } | undefined)?.serverMessage || null;

export function tabOracle<C extends Record<string, unknown>>(o: TabOracleOptions<C>) {
  const t = {
    state: 'loading',
    context: structuredClone(o.context),
    notices: [] as string[],
    calls: {} as Record<string, unknown[]>,
  };
  type Shared = { eventId: unknown; values: Record<string, unknown>; errors: unknown; submitted: boolean };
  const c = t.context as unknown as Shared & { formError: string | null } & Record<string, unknown>;
  const typed = c as unknown as C;
  const call = (name: string, input: unknown) => {
    t.calls[name] ??= [];
    t.calls[name].push(input);
  };
  const f = o.form;
  const r = o.remove;
  const apply = (e: Ev) => {
    if (e.type === 'xstate.init' && t.state === 'loading') return void call('load', { eventId: c.eventId });
    if (t.state === 'loading' && e.type === 'xstate.done.actor.load') {
      o.load.onDone(typed, e.output);
      t.state = 'idle';
    } else if (t.state === 'loading' && e.type === 'xstate.error.actor.load') {
      c.formError = serverWords(e) ?? o.load.fallback;
      t.state = 'failed';
    } else if (t.state === 'failed' && e.type === 'retry') {
      c.formError = null;
      t.state = 'loading';
      call('load', { eventId: c.eventId });
    } else if (f && t.state === 'idle' && e.type === 'field.change') {
      c.values = { ...c.values, [e.name as string]: e.value };
      if (c.submitted) c.errors = f.errorsOf(c.values);
      if (f.editClearsFormError ?? true) c.formError = null;
    } else if (f && t.state === 'idle' && f.toggles?.some((x) => x.event === e.type)) {
      const x = f.toggles.find((y) => y.event === e.type)!;
      const ids = c.values[x.field] as string[];
      const id = e[x.id] as string;
      c.values = {
        ...(c.values as object),
        [x.field]: ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id],
      };
      if (c.submitted) c.errors = f.errorsOf(c.values);
    } else if (f?.edits?.[e.type] && t.state === 'idle') {
      const edit = f.edits[e.type]!;
      c.values = edit.values(c.values, e);
      if (c.submitted) c.errors = f.errorsOf(c.values);
      if (edit.clearsFormError) c.formError = null;
    } else if (f && t.state === 'idle' && e.type === 'form.submit') {
      const errors = f.errorsOf(c.values);
      if (Object.keys(errors).length === 0) {
        t.state = f.state;
        call(f.call, f.input(typed));
      } else Object.assign(c, { errors, formError: null, submitted: true });
    } else if (f && t.state === f.state && e.type === `xstate.done.actor.${f.call}`) {
      const notice = f.notice?.(typed);
      f.onDone(typed, e.output);
      Object.assign(c, { values: structuredClone(f.blank), submitted: false, errors: {} });
      if (notice) t.notices.push(`success: ${notice}`);
      t.state = 'idle';
    } else if (f && t.state === f.state && e.type === `xstate.error.actor.${f.call}`) {
      c.formError = serverWords(e) ?? f.fallback;
      t.state = 'idle';
    } else if (r && t.state === 'idle' && e.type === r.event) {
      c[r.keep] = e[r.id];
      t.state = r.state;
      call(r.call, r.input(typed));
    } else if (r && t.state === r.state && e.type === `xstate.done.actor.${r.call}`) {
      r.onDone(typed, e.output);
      c[r.keep] = null;
      t.notices.push(`success: ${r.notice}`);
      t.state = 'idle';
    } else if (r && t.state === r.state && e.type === `xstate.error.actor.${r.call}`) {
      c[r.keep] = null;
      t.notices.push(`error: ${serverWords(e) ?? r.fallback}`);
      t.state = 'idle';
    }
  };
  /** Follows the step's event and compares the real actor with the oracle. */
  const check = (step: PathStep<{ value: unknown; context: unknown; matches: (v: never) => boolean }>) => {
    apply(step.event);
    const where = ['loading', 'failed'].includes(t.state) ? t.state : { ready: t.state };
    expect(step.real.matches(where as never), `in ${JSON.stringify(where)}`).toBe(true);
    expect(step.real.context).toEqual(t.context);
    expect(step.notices).toEqual(t.notices);
    for (const name of Object.keys({ ...t.calls, ...step.calls }))
      expect(step.calls[name] ?? [], `${name} calls`).toEqual(t.calls[name] ?? []);
  };
  return { t, apply, check };
}

/** The contract's words per field (first problem each), for a form's `errorsOf`. */
export function firstIssues(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string> = {};
  if (!result.success) for (const i of result.error!.issues) out[String(i.path[0] ?? 'form')] ??= i.message;
  return out;
}
