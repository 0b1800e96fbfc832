export * from './messages';
export * from './envelope';
export * from './list-query';
export * from './money';
export * from './entities';
export * from './routes';
export * from './auth';
export * from './inputs';
