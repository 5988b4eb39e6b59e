import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The first-load budget (apps/web/tools/budget.mjs) on builds made up here: it must pass a build under
// budget and fail one over it, or the `npm test` step that runs it on the real build proves nothing.

const SCRIPT = path.resolve(__dirname, '../../tools/budget.mjs');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** A build folder with a Vite manifest and files of `sizes` random (incompressible) bytes. */
function build(dir: string, manifest: Record<string, Chunk>, sizes: Record<string, number>): string {
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [file, size] of Object.entries(sizes)) writeFileSync(path.join(dir, file), randomBytes(size));
  return dir;
}

function budget(dir: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [SCRIPT, '--dir', dir], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const MANIFEST: Record<string, Chunk> = {
  'src/main.tsx': {
    file: 'assets/main.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/chart.ts'],
    css: ['assets/main.css'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/chart.ts': { file: 'assets/chart.js' },
};

describe('the first-load budget script', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'craftstats-budget-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes a build whose every page stays under 100 kB of JavaScript and 20 kB of CSS', () => {
    const dir = build(path.join(root, 'under'), MANIFEST, {
      'assets/main.js': 30_000,
      'assets/shared.js': 20_000,
      'assets/chart.js': 40_000,
      'assets/main.css': 15_000,
    });
    const run = budget(dir);
    expect({ status: run.status, met: run.output.includes('web budget: met') }).toEqual({
      status: 0,
      met: true,
    });
  });

  it.each([
    {
      over: 'JavaScript, through a chunk the worst page loads on demand',
      sizes: { js: 30_000, shared: 20_000, chart: 60_000, css: 1_000 },
      line: /worst page[^\n]*:\n(?:.*\n)*?\s+JavaScript [\d.]+ kB of 100\.0 kB OVER BUDGET/,
    },
    {
      over: 'CSS, on every page',
      sizes: { js: 10_000, shared: 10_000, chart: 10_000, css: 25_000 },
      line: /every page[^\n]*:\n(?:.*\n)*?.*CSS [\d.]+ kB of 20\.0 kB OVER BUDGET/,
    },
  ])('fails over budget: $over', ({ over, sizes, line }) => {
    const dir = build(path.join(root, over.split(',')[0] as string), MANIFEST, {
      'assets/main.js': sizes.js,
      'assets/shared.js': sizes.shared,
      'assets/chart.js': sizes.chart,
      'assets/main.css': sizes.css,
    });
    const run = budget(dir);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(line);
    expect(run.output).toContain('web budget: exceeded');
  });

  it('fails without a build, naming the folder', () => {
    const run = budget(path.join(root, 'missing'));
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/web budget: no build in .*missing/);
  });
});
