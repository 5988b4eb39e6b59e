export * from './app-harness';
