// The accounts service, split by flow; routes and tests import it from here.
export * from './account';
export * from './deletion';
export type { ClientMeta } from './lookup';
export { toPublicUser } from './lookup';
export * from './messages';
export * from './passwordReset';
export * from './registration';
