export * from './app-harness';
export * from './tcp-proxy';
export * from './mariadb-server';
export * from './http-fuzz';
export * from './raw-http';
export * from './openapi-lint';
export * from './envelope-edges';
export * from './chromium';
