import { expect, it } from 'vitest';
import { cashUpMachine } from '../../machines/cashUp.machine';
import { machineShape } from '../helpers/machineShape';

// The cash-up panel's graph, spelled out (decision 054): changing the flow means changing this list on purpose.
it('cashUpMachine has the states and transitions of its flow', () =>
  expect(machineShape(cashUpMachine)).toEqual([
    'state cashUp.loading invokes loadCashUp:loadCashUp',
    'state cashUp.shown',
    'state cashUp.downloading invokes downloadCsv:downloadCsv',
    'cashUp.downloading --xstate.done.actor.downloadCsv--> cashUp.shown []',
    'cashUp.downloading --xstate.error.actor.downloadCsv--> cashUp.shown []',
    'cashUp.loading --xstate.done.actor.loadCashUp--> cashUp.shown []',
    'cashUp.loading --xstate.error.actor.loadCashUp--> cashUp.shown []',
    'cashUp.shown --download--> cashUp.downloading []',
    'cashUp.shown --refresh--> cashUp.loading []',
  ]));
