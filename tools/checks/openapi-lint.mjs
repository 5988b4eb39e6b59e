#!/usr/bin/env node
// Lints an OpenAPI document read from stdin with @redocly/openapi-core and its recommended rules — what
// `npx @redocly/cli lint` runs — and prints the problems as JSON lines `{severity, rule, pointer, message}`.
// Exit code 0 when there are none. Used by the API's and the ingestor's OpenAPI tests (Jest cannot load
// this ESM-only package itself). Usage: node tools/checks/openapi-lint.mjs < openapi.json
import { createConfig, lintFromString } from '@redocly/openapi-core';

let source = '';
for await (const chunk of process.stdin) source += chunk;
const problems = await lintFromString({
  source,
  absoluteRef: 'openapi.json',
  config: await createConfig({ extends: ['recommended'] }),
});
for (const p of problems) {
  const line = { severity: p.severity, rule: p.ruleId, pointer: p.location[0]?.pointer, message: p.message };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
process.exit(problems.length === 0 ? 0 : 1);
