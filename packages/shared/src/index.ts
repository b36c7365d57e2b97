export * from './constants';
export * from './dates';
export * from './common';
export * from './service';
export * from './booking';
export * from './review';
export * from './user';
export * from './stats';
