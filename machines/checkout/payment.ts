import { assign } from 'xstate';
import { messageOr } from '../lib/form';
import { checkoutSetup } from './setup';

/**
 * The payment step of the checkout's `flow` region (its states are placed in ../checkout.machine.ts):
 * discount codes and terms while `payment`, then the call that starts the payment while `paying`.
 */

/** The payment step: discount codes, terms, email updates, then Pay. */
export const payment = checkoutSetup.createStateConfig({
  entry: assign({ requested: 'payment' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'discount.change': {
          actions: assign({ discountCode: ({ event }) => event.code, discountError: null }),
        },
        'discount.apply': [
          {
            guard: 'codeEntered',
            target: 'applyingDiscount',
            actions: assign({ discountError: null, discountNotice: null }),
          },
          { actions: assign({ discountError: 'Enter a discount code', discountNotice: null }) },
        ],
        'discount.remove': {
          guard: 'hasDiscount',
          target: 'removingDiscount',
          actions: assign({ discountError: null, discountNotice: null }),
        },
        'terms.change': {
          actions: assign({ acceptTerms: ({ event }) => event.accepted, termsError: null }),
        },
        'updates.change': { actions: assign({ emailUpdates: ({ event }) => event.accepted }) },
        'payment.submit': [
          {
            guard: 'termsAccepted',
            target: '#checkout.flow.paying',
            actions: assign({ error: null }),
          },
          {
            actions: assign({
              termsError: 'Please accept the terms and conditions, refund and privacy policy to continue',
            }),
          },
        ],
      },
    },
    applyingDiscount: {
      invoke: {
        id: 'applyDiscount',
        src: 'applyDiscount',
        input: ({ context }) => ({
          // Stryker disable next-line StringLiteral: the payment step is reached only with an order, so orderId is set
          orderId: context.orderId ?? '',
          code: context.discountCode.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [
            'takeOrder',
            assign(({ event }) => ({
              discountCode: '',
              discountNotice: `Code ${event.output.order.discountCode ?? ''} applied.`,
            })),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            discountError: ({ event }) => messageOr(event.error, 'That code could not be applied.'),
          }),
        },
      },
    },
    removingDiscount: {
      invoke: {
        id: 'removeDiscount',
        src: 'removeDiscount',
        // Stryker disable next-line StringLiteral: the payment step is reached only with an order, so orderId is set
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: {
          target: 'idle',
          actions: ['takeOrder', assign({ discountNotice: 'Discount code removed.' })],
        },
        onError: {
          target: 'idle',
          actions: assign({
            discountError: ({ event }) => messageOr(event.error, 'The code could not be removed.'),
          }),
        },
      },
    },
  },
  on: {
    'step.back': [{ guard: 'backToSelection', target: 'selection' }, { target: 'contact' }],
    'hold.ended': { target: 'expired' },
  },
});

/** Starting the payment: paid at once (a free order), or off to the provider's page. */
export const paying = checkoutSetup.createStateConfig({
  invoke: {
    id: 'payOrder',
    src: 'payOrder',
    // Stryker disable next-line StringLiteral: paying is reached only from the payment step, with an order
    input: ({ context }) => ({ orderId: context.orderId ?? '', emailUpdates: context.emailUpdates }),
    onDone: [
      {
        guard: 'paidAtOnce',
        target: 'confirmed',
        actions: assign({
          order: ({ event, context }) => ('order' in event.output ? event.output.order : context.order),
        }),
      },
      {
        target: 'redirecting',
        actions: {
          type: 'goToProvider',
          params: ({ event }) => ({
            url: 'authorizationUrl' in event.output ? event.output.authorizationUrl : '',
          }),
        },
      },
    ],
    onError: [
      // The order is no longer waiting for payment (the hold ended, or it was paid in another
      // tab): ask the server where it stands and show that.
      { guard: 'orderMoved', target: 'loading', actions: assign({ requested: 'confirmation' }) },
      // The deadline passed while the call ran.
      { guard: 'holdOver', target: 'expired' },
      {
        target: 'payment',
        actions: assign({
          error: ({ event }) => messageOr(event.error, 'We could not start the payment. Please try again.'),
        }),
      },
    ],
  },
});
