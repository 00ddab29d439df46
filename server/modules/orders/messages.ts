import { formatNaira } from '../../../contract/money';

/** Every sentence checkout says to people, in one place. */
export const MESSAGES = {
  eventNotFound: 'Event not found',
  eventNotOnSale: 'Tickets for this event are not on sale.',
  eventEnded: 'This event has already ended.',
  salesPaused: 'Ticket sales for this event are paused. Please check back later.',
  chooseTickets: 'Please choose a ticket type to continue',
  ticketNotInEvent: 'A chosen ticket does not belong to this event.',
  notYetOnSale: (name: string, when: string) => `"${name}" tickets go on sale ${when}.`,
  saleEnded: (name: string) => `Sales of "${name}" tickets have ended.`,
  purchaseLimit: (name: string, limit: number) =>
    `You can buy at most ${limit} "${name}" ticket${limit === 1 ? '' : 's'} per order.`,
  attendeesPerSeat: (name: string) =>
    `Please give the name and email of the attendee for each "${name}" ticket.`,
  attendeeForUnchosen: 'An attendee was given for a ticket that is not in the order.',
  soldOut: (name: string, left: number) =>
    left > 0
      ? `Only ${left} "${name}" ticket${left === 1 ? ' is' : 's are'} left. Please choose fewer.`
      : `"${name}" is sold out.`,
  waitlistFirst: (name: string) =>
    `"${name}" is sold out: seats that come back go to the waiting list first. Join it to be offered one.`,
  eventSoldOut: (left: number) =>
    left > 0
      ? `Only ${left} place${left === 1 ? ' is' : 's are'} left for this event. Please choose fewer.`
      : 'This event is sold out.',
  orderNotFound: 'Order not found',
  notOrganiser: 'Only the organiser of this event can do this.',
  holdEnded: 'Your reservation has ended. Please choose your tickets again.',
  notReserved: 'This order is no longer waiting for payment.',
  alreadyPaid: 'This order is already paid.',
  discountUnknown: 'This discount code is not valid for this event.',
  discountExpired: 'This discount code has expired.',
  discountNotStarted: 'This discount code is not active yet.',
  discountUsedUp: 'This discount code has been used up.',
  discountNotApplicable: 'This discount code does not apply to the tickets in your order.',
  discountFree: 'Discount codes apply to paid tickets only.',
  paymentUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  lateRefund: (amountNaira: number) =>
    `Your payment of ${formatNaira(amountNaira)} arrived after your reservation had ended and the tickets were sold to someone else. We are refunding it in full.`,
  changedOrderRefund: (amountNaira: number) =>
    `Your payment of ${formatNaira(amountNaira)} was for your order before you changed it, so it did not pay for these tickets. We are refunding it in full.`,
  lateConfirmed:
    'Your payment arrived after your reservation ended, but the seats were still free: your tickets are confirmed.',
  refunded: 'Your payment has been refunded.',
  cancelledByOrganiser: 'This order was cancelled by the organiser.',
  givenBack: 'You gave these tickets back; the seats are on sale again.',
  onlyFreeGiveBack:
    'Only free tickets can be given back here. For a paid order, ask the organiser for a refund.',
  giveBackAfterStart: 'The event has started: tickets can no longer be given back.',
  cancelledRefund: 'This order was cancelled by the organiser; your payment is being refunded.',
  ticketNotFound: 'Ticket not found',
} as const;
