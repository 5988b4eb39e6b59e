// A Node CommonJS consumer (as the NestJS apps are): resolves the "require" condition (cjs/).
import contracts = require('@craftstats/contracts');

const api = contracts.createApiClient({ baseUrl: 'http://127.0.0.1:3000' });
export const me: Promise<contracts.AccountMe> = api.me();
export const message: string = contracts.ACCOUNT_MESSAGES.PASSWORD_SET;
