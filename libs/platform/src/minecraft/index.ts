export * from './server-list-ping';
