export * from './checkin';
export * from './checkout';
export * from './events';
export * from './messages';
export * from './organiser';
export * from './uploads';
export * from './users';
