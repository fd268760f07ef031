export * from './types';
export * from './measure';
export * from './local';
