import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

type FormSnapshot<V> = { context: { values: V; errors: Partial<Record<string, string>> } };

/**
 * Binds text fields to a form machine built on machines/lib/form.ts (context `values` and `errors`,
 * event `field.change {name, value}`): `bind('email')` gives a TextField its value, its error and
 * its change handler, instead of each form spelling the three out for every field.
 */
export function useFormFields<V extends Record<string, unknown>>(actor: AnyActorRef) {
  const values = useSelector(actor, (s: FormSnapshot<V>) => s.context.values);
  const errors = useSelector(actor, (s: FormSnapshot<V>) => s.context.errors);
  return (name: keyof V & string) => ({
    value: String(values[name] ?? ''),
    error: errors[name],
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });
}
