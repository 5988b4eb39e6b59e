export * from './event-arbitraries';
