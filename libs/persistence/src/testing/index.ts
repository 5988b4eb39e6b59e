export * from './test-database';
export * from './event-factory';
