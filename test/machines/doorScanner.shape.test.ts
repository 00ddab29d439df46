import { expect, it } from 'vitest';
import { doorScannerMachine } from '../../machines/doorScanner.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('doorScannerMachine has the states and transitions of its flow', () =>
  expect(machineShape(doorScannerMachine)).toEqual([
    'state doorScanner.list (compound)',
    'state doorScanner.list.loading invokes loadList:loadList',
    'state doorScanner.list.ready',
    'state doorScanner.list.missing',
    'state doorScanner.scanner (compound)',
    'state doorScanner.scanner.ready',
    'state doorScanner.scanner.checkingOnline invokes scanOnline:scanOnline',
    'state doorScanner.scanner.checkingOffline invokes judgeOffline:judgeOffline',
    'state doorScanner.scanner.showing',
    'state doorScanner.scanner.undoing invokes undoCheckin:undoCheckin',
    'state doorScanner.sync (compound)',
    'state doorScanner.sync.idle always --> doorScanner.sync.syncing [shouldSync]',
    'state doorScanner.sync.syncing invokes syncQueue:syncQueue',
    'state doorScanner.sync.waiting',
    'doorScanner --conflicts.dismiss--> (self) []',
    'doorScanner --network.offline--> (self) []',
    'doorScanner --network.online--> (self) []',
    'doorScanner.list.loading --xstate.done.actor.loadList--> doorScanner.list.ready []',
    'doorScanner.list.loading --xstate.error.actor.loadList--> doorScanner.list.missing []',
    'doorScanner.list.missing --list.refresh--> doorScanner.list.loading []',
    'doorScanner.list.ready --list.refresh--> doorScanner.list.loading [online]',
    'doorScanner.scanner.checkingOffline --xstate.done.actor.judgeOffline--> doorScanner.scanner.showing []',
    'doorScanner.scanner.checkingOffline --xstate.error.actor.judgeOffline--> doorScanner.scanner.ready []',
    'doorScanner.scanner.checkingOnline --xstate.done.actor.scanOnline--> doorScanner.scanner.showing []',
    'doorScanner.scanner.checkingOnline --xstate.error.actor.scanOnline--> doorScanner.scanner.checkingOffline [networkFailure]',
    'doorScanner.scanner.checkingOnline --xstate.error.actor.scanOnline--> doorScanner.scanner.ready []',
    'doorScanner.scanner.ready --scan--> doorScanner.scanner.checkingOffline [hasCode]',
    'doorScanner.scanner.ready --scan--> doorScanner.scanner.checkingOnline [onlineWithCode]',
    'doorScanner.scanner.showing --result.dismiss--> doorScanner.scanner.ready []',
    'doorScanner.scanner.showing --scan--> doorScanner.scanner.checkingOffline [hasCode]',
    'doorScanner.scanner.showing --scan--> doorScanner.scanner.checkingOnline [onlineWithCode]',
    'doorScanner.scanner.showing --undo--> doorScanner.scanner.undoing [inline]',
    'doorScanner.scanner.undoing --xstate.done.actor.undoCheckin--> doorScanner.scanner.ready []',
    'doorScanner.scanner.undoing --xstate.error.actor.undoCheckin--> doorScanner.scanner.showing []',
    'doorScanner.sync.idle --sync.now--> doorScanner.sync.syncing [online]',
    'doorScanner.sync.idle --xstate.after.syncInterval.doorScanner.sync.idle--> doorScanner.sync.syncing [online]',
    'doorScanner.sync.syncing --xstate.done.actor.syncQueue--> doorScanner.sync.idle []',
    'doorScanner.sync.syncing --xstate.error.actor.syncQueue--> doorScanner.sync.waiting []',
    'doorScanner.sync.waiting --sync.now--> doorScanner.sync.syncing [online]',
    'doorScanner.sync.waiting --xstate.after.syncRetry.doorScanner.sync.waiting--> doorScanner.sync.idle []',
  ]));
