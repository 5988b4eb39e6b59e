#!/usr/bin/env node
// Proves the build's swap is atomic: rebuilds a tree several times while watching its entry file
// between every step of the build, and fails if the entry was ever missing (a moment without dist).
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTree } from '../build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'tmp/build-swap-check/out');
const entry = path.join(out, 'libs/contracts/src/index.js');
const ROUNDS = 4;

rmSync(path.dirname(out), { recursive: true, force: true });
try {
  await compileTree(['libs/contracts/src'], out);
  let checks = 0;
  let missing = 0;
  let watching = true;
  const watch = () => {
    checks++;
    if (!existsSync(entry)) missing++;
    if (watching) setImmediate(watch);
  };
  setImmediate(watch);
  for (let round = 0; round < ROUNDS; round++) await compileTree(['libs/contracts/src'], out);
  watching = false;
  process.stdout.write(`${ROUNDS} rebuilds, entry checked ${checks} times, missing ${missing} times\n`);
  if (checks < ROUNDS || missing > 0) process.exit(1);
} finally {
  rmSync(path.dirname(out), { recursive: true, force: true });
}
