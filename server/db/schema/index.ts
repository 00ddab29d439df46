export * from './events';
export * from './messages';
export * from './users';
