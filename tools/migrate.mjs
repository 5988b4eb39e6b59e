#!/usr/bin/env node
// `npm run migration:run | migration:revert | migration:generate -- Name`: apps/cli/src/migrate.ts, run
// from its Nx build output.
import { runCliCommand } from './build.mjs';

await runCliCommand('migrate');
