/** Our History, told by the four founders in their own words. */
export type Founder = {
  name: string;
  role: string;
  initials: string;
  tone: 'green' | 'amber' | 'teal' | 'plum';
  story: string;
};

export const FOUNDERS: Founder[] = [
  {
    name: 'Chinedu Okeke',
    role: 'Co-founder & CEO',
    initials: 'CO',
    tone: 'green',
    story:
      'In 2022 I ran the ticket desk for our alumni homecoming in Nsukka. We sold 600 tickets by bank transfer, matched every payment screenshot by hand in a spreadsheet, and still had people at the gate with receipts we could not find. That night I decided nobody should run an event like that again.',
  },
  {
    name: 'Aisha Bello',
    role: 'Co-founder & CTO',
    initials: 'AB',
    tone: 'teal',
    story:
      'Chinedu called me with the spreadsheet still open. I had spent five years building payment systems in Lagos, so I knew the hard part was not the website: it was never selling the same seat twice, and settling Naira to the right bank account. I wrote the first version of Gatepass over a long December.',
  },
  {
    name: 'Tolulope Adeyemi',
    role: 'Co-founder, Organiser Success',
    initials: 'TA',
    tone: 'amber',
    story:
      'I have planned weddings, album listening parties and church conventions across the South-West for a decade. I joined to make sure Gatepass speaks the language of organisers: free RSVPs for community events, clear fees for paid ones, and a check-in screen my ushers can learn in two minutes.',
  },
  {
    name: 'Ifeanyi Eze',
    role: 'Co-founder, Operations',
    initials: 'IE',
    tone: 'plum',
    story:
      'My job is everything that happens after the ticket is sold. I sat with organisers in Abuja, Enugu and Port Harcourt to understand payouts, refunds and the questions guests ask at 2am. Today our support team answers every message within one working day, and we still read each one ourselves.',
  },
];
