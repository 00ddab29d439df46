/** The five questions of the home FAQ, written for Gatepass and Nigeria. */
export type FaqItem = { id: string; question: string; answer: string[] };

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'when-to-book',
    question: 'How far ahead should I plan and start selling tickets?',
    answer: [
      'For large events such as concerts, festivals, conferences and weddings, book your venue and open ticket sales 3–6 months ahead. Popular Lagos and Abuja venues fill up early, especially in the December “detty” season.',
      'For smaller events such as meetups, workshops, book launches and campus events, 4–6 weeks is usually enough to book a space and build a guest list.',
      'You can create your event on Gatepass today as a draft and publish it when you are ready.',
    ],
  },
  {
    id: 'cost',
    question: 'How much does Gatepass cost?',
    answer: [
      'Free events are free: no fees for you or your guests.',
      'For paid tickets, buyers pay a service fee of 1.5% of the ticket price, shown before they pay. On ₦100,000 of tickets the fee is ₦1,500. You receive the full ticket price. See the Pricing page for a calculator.',
    ],
  },
  {
    id: 'payments',
    question: 'How do attendees pay, and when do organisers get paid?',
    answer: [
      'All prices are in Naira. Attendees pay securely through Paystack with a debit card, bank transfer or USSD; Gatepass never sees or stores card numbers.',
      'Ticket money is settled by Paystack to the Nigerian bank account you add when you create a paid ticket. We check the account name with your bank before you save it, so payouts go to the right place.',
    ],
  },
  {
    id: 'at-the-door',
    question: 'How do tickets work at the door?',
    answer: [
      'Every ticket is emailed to the attendee with its own QR code. It can be shown on a phone or printed.',
      'At the entrance, you or your team scan the codes from the Gatepass check-in screen on any smartphone. Each code can only be used once, so copied tickets are turned away.',
    ],
  },
  {
    id: 'refunds',
    question: 'Can I get a refund if I can’t make it?',
    answer: [
      'Refunds follow each organiser’s refund policy, which is shown on the event page before you buy. Contact the organiser first: their social links are on the event page.',
      'If an event is cancelled, the organiser must refund ticket holders. Refunds go back to the card or account you paid with, usually within 5–10 working days.',
    ],
  },
];
