// Test data in the wire shape, for the suites of every project (not part of the built package).
export * from './player-profile';
