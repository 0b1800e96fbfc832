export * from './types';
export * from './guard';
export * from './route';
export * from './resource';
