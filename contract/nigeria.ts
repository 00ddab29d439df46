import * as z from 'zod/mini';

/**
 * Where a physical event can be: Nigeria only, in one of its 36 states or the Federal
 * Capital Territory (FCT, as addresses write it). One list for the organiser form, the server's validation and the search filters.
 */
export const COUNTRIES = ['Nigeria'] as const;
export const country = z.enum(COUNTRIES, { error: 'Country must be Nigeria' });

export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export const nigerianState = z.enum(NIGERIAN_STATES, { error: 'Choose a state from the list' });
