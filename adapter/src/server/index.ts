export * from './types';
export * from './guard';
export * from './resource';
