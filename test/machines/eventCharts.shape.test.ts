import { expect, it } from 'vitest';
import { eventChartsMachine } from '../../machines/eventCharts.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventChartsMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventChartsMachine)).toEqual([
    'state eventCharts.data (compound)',
    'state eventCharts.data.loading invokes load:load',
    'state eventCharts.data.shown',
    'state eventCharts.data.failed',
    'state eventCharts.data.hidden',
    'state eventCharts.export (compound)',
    'state eventCharts.export.idle',
    'state eventCharts.export.exporting invokes exportCsv:exportCsv',
    'eventCharts.data --page.hidden--> eventCharts.data.hidden [live]',
    'eventCharts.data.failed --retry--> eventCharts.data.loading []',
    'eventCharts.data.failed --xstate.after.refreshInterval.eventCharts.data.failed--> eventCharts.data.loading [live]',
    'eventCharts.data.hidden --page.visible--> eventCharts.data.loading []',
    'eventCharts.data.loading --xstate.done.actor.load--> eventCharts.data.shown []',
    'eventCharts.data.loading --xstate.error.actor.load--> eventCharts.data.failed []',
    'eventCharts.data.shown --xstate.after.refreshInterval.eventCharts.data.shown--> eventCharts.data.loading [live]',
    'eventCharts.export.exporting --xstate.done.actor.exportCsv--> eventCharts.export.idle []',
    'eventCharts.export.exporting --xstate.error.actor.exportCsv--> eventCharts.export.idle []',
    'eventCharts.export.idle --export--> eventCharts.export.exporting []',
  ]));
