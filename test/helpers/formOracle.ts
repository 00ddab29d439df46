/**
 * The rules every submit form of the account pages shares (decision 054: expectations written apart
 * from the machine): quiet until the first submit, then each edit re-checks the fields; a submit the
 * rules refuse shows every field's words and sends nothing; a failed call goes back to the form with
 * the server's words, else the form's own. A model test gives the field rules (`errorsOf`, in plain
 * code from the spec) and its state names, and compares the real actor with `form` after every step.
 */
export type FormOracleOptions<V> = {
  values: V;
  /** Each field's words for these values (none: the form may be sent), from the spec. */
  errorsOf: (values: V) => Record<string, string>;
  states: { editing: string; busy: string; done: string };
  /** The call's name, as in `xstate.done.actor.<call>`. */
  call: string;
  /** The form's words when the server gave none. */
  fallback: string;
  /** Whether an edit clears the last failure's words (some forms keep them until the next submit). */
  editClearsFormError?: boolean;
  /** What else a success does to the form (a form that stays open empties itself, …). */
  afterDone?: (form: FormState<V>) => void;
};

export type FormState<V> = {
  state: string;
  values: V;
  errors: Record<string, string>;
  formError: string | null;
  submitted: boolean;
  sent: V[];
};

type Ev = { type: string; name?: string; value?: unknown; error?: unknown };

export function formOracle<V extends object>(o: FormOracleOptions<V>) {
  const form: FormState<V> = {
    state: o.states.editing,
    values: o.values,
    errors: {},
    formError: null,
    submitted: false,
    /** The values each call was made with. */
    sent: [],
  };
  const apply = (e: Ev) => {
    const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
    if (form.state === o.states.editing && e.type === 'field.change') {
      form.values = { ...form.values, [e.name as string]: e.value };
      if (form.submitted) form.errors = o.errorsOf(form.values);
      if (o.editClearsFormError) form.formError = null;
    } else if (form.state === o.states.editing && e.type === 'form.submit') {
      form.errors = o.errorsOf(form.values);
      form.formError = null;
      form.submitted = true;
      if (Object.keys(form.errors).length === 0) {
        form.state = o.states.busy;
        form.sent.push(form.values);
      }
    } else if (form.state === o.states.busy && e.type === `xstate.done.actor.${o.call}`) {
      form.state = o.states.done;
      o.afterDone?.(form);
    } else if (form.state === o.states.busy && e.type === `xstate.error.actor.${o.call}`) {
      form.state = o.states.editing;
      form.formError = server || o.fallback;
    }
  };
  return { form, apply };
}
