import type { EventCategory } from '../../contract/categories';
import type { PosterStyle } from './posters';

export type SampleTicket = {
  ticketName: string;
  /** Naira, as an organiser would type it. */
  price: number;
  description: string;
  benefits: string;
  capacity: number | null;
  /** Tickets already sold in the last two weeks (seeded paid orders), so "trending" has real data. */
  recentlySold: number;
};

export type SampleEvent = {
  eventName: string;
  category: EventCategory;
  description: string;
  /** Days from today. */
  startsInDays: number;
  durationDays: number;
  startTime: string;
  endTime: string;
  eventLocation: 'physical' | 'online' | 'both';
  url: string | null;
  state: string | null;
  location: string | null;
  tagline: string;
  poster: PosterStyle;
  tickets: SampleTicket[];
  socials: { website?: string; twitter?: string; instagram?: string };
};

/** The six sample events (concert, art expo, tech meetup, food festival, movie night, charity run). */
export const SAMPLE_EVENTS: SampleEvent[] = [
  {
    eventName: 'Afrobeats Under the Stars',
    category: 'Music',
    description:
      'An open-air night of live Afrobeats, highlife and amapiano on the Atlantic shore. Six acts, a full live band, food trucks from across Lagos and a closing DJ set until midnight. Gates open at 5 pm; bring a light jacket for the sea breeze.',
    startsInDays: 12,
    durationDays: 0,
    startTime: '18:00',
    endTime: '23:59',
    eventLocation: 'physical',
    url: null,
    state: 'Lagos',
    location: 'Eko Convention Centre, Plot 1415 Adetokunbo Ademola Street, Victoria Island, Lagos',
    tagline: 'Live on the Atlantic shore',
    poster: { from: '#4c1d95', to: '#db2777', accent: '#fbbf24', motif: 'waves' },
    tickets: [
      {
        ticketName: 'Regular',
        price: 10_000,
        description: 'General admission to the lawn.',
        benefits: 'Entry to all six sets',
        capacity: 800,
        recentlySold: 46,
      },
      {
        ticketName: 'VIP',
        price: 25_000,
        description: 'Raised deck near the stage with its own bar.',
        benefits: 'Deck access, one drink, fast-lane entry',
        capacity: 120,
        recentlySold: 14,
      },
    ],
    socials: {
      website: 'https://afrobeatsunderthestars.ng',
      instagram: 'https://instagram.com/afrobeatsstars',
      twitter: 'https://x.com/afrobeatsstars',
    },
  },
  {
    eventName: 'Lagos Contemporary Art Expo',
    category: 'Arts',
    description:
      'Forty emerging and established Nigerian artists show painting, sculpture, textile and digital work across four floors. Guided walk-throughs run every hour, and most works are for sale with the artist present on the weekend.',
    startsInDays: 19,
    durationDays: 2,
    startTime: '10:00',
    endTime: '18:00',
    eventLocation: 'physical',
    url: null,
    state: 'Lagos',
    location: 'Nike Art Gallery, 2 Elegushi Beach Road, Lekki Phase 1, Lagos',
    tagline: 'Forty artists, four floors',
    poster: { from: '#0f766e', to: '#1e3a8a', accent: '#f472b6', motif: 'circles' },
    tickets: [
      {
        ticketName: 'Day Pass',
        price: 5_000,
        description: 'Entry for one day of the expo.',
        benefits: 'Gallery entry and guided walk-through',
        capacity: null,
        recentlySold: 9,
      },
    ],
    socials: { instagram: 'https://instagram.com/lagosartexpo' },
  },
  {
    eventName: 'Abuja Tech Meetup: Building for the Naira Economy',
    category: 'Tech',
    description:
      'Engineers and founders share what it takes to ship payments, logistics and fintech products for Nigerian users: unreliable networks, USSD fallbacks, BVN checks and Naira settlement. Lightning talks, then open networking. Join in person or follow the livestream.',
    startsInDays: 8,
    durationDays: 0,
    startTime: '16:00',
    endTime: '20:00',
    eventLocation: 'both',
    url: 'https://meet.gatepass.ng/abuja-tech-meetup',
    state: 'FCT',
    location: 'Ventures Park, 5 Kwaji Close, Maitama, Abuja',
    tagline: 'Talks, demos and networking',
    poster: { from: '#111827', to: '#2563eb', accent: '#22d3ee', motif: 'grid' },
    tickets: [
      {
        ticketName: 'Free RSVP',
        price: 0,
        description: 'A seat in the hall, or the livestream link.',
        benefits: 'Talks, snacks and networking',
        capacity: 150,
        recentlySold: 31,
      },
    ],
    socials: { website: 'https://abujatech.ng', twitter: 'https://x.com/abujatech' },
  },
  {
    eventName: 'Jollof & Suya Food Festival',
    category: 'Food & Drink',
    description:
      'The great jollof debate settled one plate at a time. Thirty vendors, a suya grill-off judged by Lagos chefs, zobo and chapman bars, and a kids’ corner. Your ticket includes three tasting tokens.',
    startsInDays: 26,
    durationDays: 1,
    startTime: '12:00',
    endTime: '21:00',
    eventLocation: 'physical',
    url: null,
    state: 'Lagos',
    location: 'Muri Okunola Park, Victoria Island, Lagos',
    tagline: 'Thirty vendors, one grill-off',
    poster: { from: '#b45309', to: '#dc2626', accent: '#fde68a', motif: 'rays' },
    tickets: [
      {
        ticketName: 'Tasting Pass',
        price: 8_500,
        description: 'Entry plus three tasting tokens.',
        benefits: 'Three tasting tokens',
        capacity: 1000,
        recentlySold: 58,
      },
      {
        ticketName: 'Family Pack',
        price: 25_000,
        description: 'Entry for two adults and up to three children.',
        benefits: 'Ten tasting tokens and kids’ corner',
        capacity: 200,
        recentlySold: 11,
      },
    ],
    socials: { instagram: 'https://instagram.com/jollofsuyafest' },
  },
  {
    eventName: 'Nollywood Classics Movie Night',
    category: 'Film',
    description:
      'A double bill of restored Nollywood classics on the big screen, introduced by a film historian, with a short Q&A between the films. Popcorn and puff-puff on sale in the lobby.',
    startsInDays: 5,
    durationDays: 0,
    startTime: '19:00',
    endTime: '23:00',
    eventLocation: 'physical',
    url: null,
    state: 'Oyo',
    location: 'Filmhouse Cinemas, Palms Mall, Ring Road, Ibadan',
    tagline: 'A restored double bill',
    poster: { from: '#1f2937', to: '#7c2d12', accent: '#facc15', motif: 'stripes' },
    tickets: [
      {
        ticketName: 'Standard Seat',
        price: 3_500,
        description: 'One seat for both films.',
        benefits: 'Both screenings and the Q&A',
        capacity: 220,
        recentlySold: 17,
      },
    ],
    socials: {},
  },
  {
    eventName: 'Port Harcourt Charity Fun Run',
    category: 'Sports & Fitness',
    description:
      'A 5 km and 10 km fun run through the Garden City. Every entry funds school supplies for pupils in Rivers State. Race pack includes a T-shirt, medal and water at every kilometre.',
    startsInDays: 33,
    durationDays: 0,
    startTime: '06:30',
    endTime: '11:00',
    eventLocation: 'physical',
    url: null,
    state: 'Rivers',
    location: 'Port Harcourt Pleasure Park, Aba Road, Port Harcourt',
    tagline: '5 km and 10 km for a cause',
    poster: { from: '#065f46', to: '#0ea5e9', accent: '#bbf7d0', motif: 'dots' },
    tickets: [
      {
        ticketName: 'Runner',
        price: 7_500,
        description: 'Race entry with T-shirt and medal.',
        benefits: 'Race pack, medal, water stations',
        capacity: 500,
        recentlySold: 22,
      },
      {
        ticketName: 'Supporter',
        price: 20_000,
        description: 'Race entry plus a donation of school supplies for one pupil.',
        benefits: 'Race pack and a named thank-you card',
        capacity: null,
        recentlySold: 4,
      },
    ],
    socials: { website: 'https://phcharityrun.org' },
  },
];

export const SAMPLE_ORGANISER = {
  firstName: 'Ada',
  lastName: 'Okafor',
  username: 'adaokafor',
  email: 'ada@gatepass.ng',
  password: 'Gatepass#2026',
};

/** People who bought the seeded tickets (their orders make "trending" real). */
export const SAMPLE_BUYERS = [
  { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde.bakare@example.ng' },
  { firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi.eze@example.ng' },
  { firstName: 'Musa', lastName: 'Ibrahim', email: 'musa.ibrahim@example.ng' },
  { firstName: 'Funke', lastName: 'Adeyemi', email: 'funke.adeyemi@example.ng' },
];
