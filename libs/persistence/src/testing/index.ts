export * from './test-database';
export * from './event-factory';
export * from './legacy-database';
