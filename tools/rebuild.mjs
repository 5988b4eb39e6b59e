#!/usr/bin/env node
// `npm run rebuild [-- --verify] [-- --quiet]`: apps/cli/src/rebuild.ts, run from its Nx build output.
import { runCliCommand } from './build.mjs';

await runCliCommand('rebuild');
