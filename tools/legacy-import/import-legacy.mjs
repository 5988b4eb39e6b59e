#!/usr/bin/env node
// `npm run import:legacy -- --from mysql://…`: apps/cli/src/import-legacy.ts, run from its Nx build
// output. See docs/legacy-import.md.
import { runCliCommand } from '../build.mjs';

await runCliCommand('import-legacy');
