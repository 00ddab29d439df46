import { expect, it } from 'vitest';
import { payoutSettingsMachine } from '../../machines/payoutSettings.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('payoutSettingsMachine has the states and transitions of its flow', () =>
  expect(machineShape(payoutSettingsMachine)).toEqual([
    'state payoutSettings.loading invokes load:load',
    'state payoutSettings.failed',
    'state payoutSettings.ready (compound)',
    'state payoutSettings.ready.checking always --> payoutSettings.ready.resolving [lookupReady] | --> payoutSettings.ready.incomplete []',
    'state payoutSettings.ready.incomplete',
    'state payoutSettings.ready.resolving invokes resolveAccount:resolveAccount',
    'state payoutSettings.ready.resolved',
    'state payoutSettings.ready.unresolved',
    'state payoutSettings.ready.saving invokes save:save',
    'payoutSettings.failed --retry--> payoutSettings.loading []',
    'payoutSettings.loading --xstate.done.actor.load--> payoutSettings.ready []',
    'payoutSettings.loading --xstate.error.actor.load--> payoutSettings.failed []',
    'payoutSettings.ready --accountNumber.change--> payoutSettings.ready.checking []',
    'payoutSettings.ready --bank.select--> payoutSettings.ready.checking []',
    'payoutSettings.ready --password.change--> (self) []',
    'payoutSettings.ready.incomplete --form.submit--> (self) []',
    'payoutSettings.ready.resolved --form.submit--> (self) []',
    'payoutSettings.ready.resolved --form.submit--> payoutSettings.ready.saving [hasPassword]',
    'payoutSettings.ready.resolving --xstate.done.actor.resolveAccount--> payoutSettings.ready.resolved []',
    'payoutSettings.ready.resolving --xstate.error.actor.resolveAccount--> payoutSettings.ready.unresolved []',
    'payoutSettings.ready.saving --xstate.done.actor.save--> payoutSettings.ready.incomplete []',
    'payoutSettings.ready.saving --xstate.error.actor.save--> payoutSettings.ready.resolved []',
  ]));
