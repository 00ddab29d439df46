import { expect, it } from 'vitest';
import { otpMachine } from '../../machines/otp.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('otpMachine has the states and transitions of its flow', () =>
  expect(machineShape(otpMachine)).toEqual([
    'state otp.timer (compound)',
    'state otp.timer.running',
    'state otp.timer.expired',
    'state otp.form (compound)',
    'state otp.form.idle',
    'state otp.form.verifying invokes verifyOtp:verifyOtp',
    'state otp.form.resending invokes resendCode:resendCode',
    'state otp.form.verified (final)',
    'otp.form.idle --code.change--> (self) []',
    'otp.form.idle --code.resend--> otp.form.resending []',
    'otp.form.idle --form.submit--> otp.form.verifying [codeValid]',
    'otp.form.resending --xstate.done.actor.resendCode--> otp.form.idle,otp.timer.running []',
    'otp.form.resending --xstate.error.actor.resendCode--> otp.form.idle []',
    'otp.form.verifying --xstate.done.actor.verifyOtp--> otp.form.verified []',
    'otp.form.verifying --xstate.error.actor.verifyOtp--> otp.form.idle []',
    'otp.timer.running --xstate.after.second.otp.timer.running--> otp.timer.expired []',
    'otp.timer.running --xstate.after.second.otp.timer.running--> otp.timer.running [timeLeft]',
  ]));
