export * from './app-harness';
export * from './tcp-proxy';
