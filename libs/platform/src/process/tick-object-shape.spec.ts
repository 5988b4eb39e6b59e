import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transformSync } from '@swc/core';

/**
 * ADR 0084, checked in a child Node with V8's own view: the feedback that `process.nextTick` keeps
 * for the computed keys of its entries. Jest runs tests in a context of their own, whose object
 * literals have hidden classes of their own, so this cannot be seen from inside the test process.
 *
 * The child warms nextTick up as a server does, runs two full collections while no entry is queued
 * (an idle moment), queues more entries, and prints `%DebugPrint(process.nextTick)`: one line per
 * feedback slot, `DefineKeyedOwnPropertyInLiteral MONOMORPHIC` or `MEGAMORPHIC` for the four keys.
 */
const root = path.resolve(__dirname, '../../../..');

const CHILD = `
const keep = process.argv[2] === 'kept';
if (keep) require('./tick-object-shape.js').keepTickObjectShape();
function burst(then) {
  for (let i = 0; i < 500; i++) process.nextTick(() => {});
  setImmediate(then);
}
burst(() => {
  gc();
  gc();
  burst(() => %DebugPrint(process.nextTick));
});
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tick-object-shape-'));
  const swcrc = JSON.parse(readFileSync(path.join(root, '.swcrc'), 'utf8'));
  const source = readFileSync(path.join(__dirname, 'tick-object-shape.ts'), 'utf8');
  // Compiled as the apps' build compiles it (tools/build.mjs): the literal must stay a literal.
  const { code } = transformSync(source, { ...swcrc, swcrc: false, sourceMaps: false, filename: 'x.ts' });
  writeFileSync(path.join(dir, 'tick-object-shape.js'), code);
  writeFileSync(path.join(dir, 'child.js'), CHILD);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The states of nextTick's four computed-literal slots after an idle full collection. */
function literalSlotsAfterIdleGc(mode: 'kept' | 'not kept'): string[] {
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', path.join(dir, 'child.js'), mode],
    { encoding: 'latin1', env: { PATH: process.env.PATH }, maxBuffer: 16 * 1024 * 1024 },
  );
  return [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);
}

/**
 * Whether this Node's V8 prints feedback slots (`v8_enable_object_print`, on in Node's own builds and
 * the usual packages). A build without it cannot show what this spec checks.
 */
const PRINTS_FEEDBACK = /DefineKeyedOwnPropertyInLiteral/.test(
  execFileSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '-e',
      'for (let i = 0; i < 100; i++) process.nextTick(() => {}); setImmediate(() => %DebugPrint(process.nextTick))',
    ],
    { encoding: 'latin1', env: { PATH: process.env.PATH } },
  ),
);
// Skipped on purpose, with the reason in the title; with CI=true the suite runs (and fails there).
const skipped =
  PRINTS_FEEDBACK || process.env['CI'] === 'true'
    ? ''
    : " — skipped: this Node's V8 prints no feedback slots";

(skipped ? describe.skip : describe)(`keepTickObjectShape${skipped}`, () => {
  it('keeps every computed key of nextTick monomorphic through a full collection while idle', () => {
    const slots = literalSlotsAfterIdleGc('kept');
    expect(slots).toHaveLength(4);
    expect(slots).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  });

  it('is needed: without it the same collection turns those keys megamorphic', () => {
    // If this fails, this Node no longer loses the classes and ADR 0084's object can go.
    const slots = literalSlotsAfterIdleGc('not kept');
    expect(slots).toHaveLength(4);
    expect(slots).toContain('MEGAMORPHIC');
  });
});
