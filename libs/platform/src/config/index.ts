// Nest-free configuration: the shared parsers and each app's loader, for processes that are not Nest
// apps (the demo simulator, the database CLIs, `npm start`).
export * from '../lib/config/config-parsers';
export * from '../lib/config/app-config';
export * from '../lib/config/edge-config';
