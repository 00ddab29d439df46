import { expect, it } from 'vitest';
import { guestUnsubscribeMachine } from '../../machines/guestUnsubscribe.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): changing the flow means changing this list on purpose.
it('guestUnsubscribeMachine has the states and transitions of its flow', () =>
  expect(machineShape(guestUnsubscribeMachine)).toEqual([
    'state guestUnsubscribe.checking always --> guestUnsubscribe.unsubscribing [hasToken] | --> guestUnsubscribe.invalid []',
    'state guestUnsubscribe.unsubscribing invokes unsubscribe:unsubscribe',
    'state guestUnsubscribe.failed',
    'state guestUnsubscribe.unsubscribed (final)',
    'state guestUnsubscribe.invalid (final)',
    'guestUnsubscribe.failed --retry--> guestUnsubscribe.unsubscribing []',
    'guestUnsubscribe.unsubscribing --xstate.done.actor.unsubscribe--> guestUnsubscribe.unsubscribed []',
    'guestUnsubscribe.unsubscribing --xstate.error.actor.unsubscribe--> guestUnsubscribe.failed []',
    'guestUnsubscribe.unsubscribing --xstate.error.actor.unsubscribe--> guestUnsubscribe.invalid [refused]',
  ]));
