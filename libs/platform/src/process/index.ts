export * from './supervision';
export * from './ports';
