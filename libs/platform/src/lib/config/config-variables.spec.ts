import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// The README's configuration tables list every environment variable that an app, an operator's command,
// `npm start` or the demo simulator reads, and nothing else: this compares the two, so they cannot drift.

const ROOT = path.resolve(__dirname, '../../../../..');

/** Source files of what runs in production: the apps, the libraries and the commands (no tests). */
function productionSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'testing', 'test', 'consumer-check'].includes(entry.name)) walk(full);
      } else if (
        /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) &&
        !/\.(spec|int-spec|e2e-spec|fault-spec)\.ts$/.test(entry.name)
      ) {
        files.push(full);
      }
    }
  };
  for (const top of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(ROOT, top))) walk(path.join(ROOT, top, project, 'src'));
  }
  files.push(
    ...['tools/start.mjs', 'tools/build.mjs', 'tools/migrate.mjs', 'tools/rebuild.mjs'].map((f) =>
      path.join(ROOT, f),
    ),
    path.join(ROOT, 'tools/legacy-import/import-legacy.mjs'),
  );
  return files;
}

/**
 * Every variable name a source reads: through a parser (`read(env, 'X')`…), `env.X`, `env['X']` (any
 * quotes), or destructured (`const { X, Y: y = 1 } = process.env`).
 */
function variablesRead(source: string): string[] {
  const names = new Set<string>();
  const ENV = String.raw`(?:env|environment|process\.env)`;
  const NAME = String.raw`([A-Z][A-Z0-9_]+)`;
  const patterns = [
    new RegExp(String.raw`\(\s*${ENV}\s*,\s*['"\x60]${NAME}['"\x60]`, 'g'),
    new RegExp(String.raw`\b${ENV}(?:\.${NAME}\b|\[\s*['"\x60]${NAME}['"\x60]\s*\])`, 'g'),
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) names.add((match[1] ?? match[2]) as string);
  }
  for (const match of source.matchAll(new RegExp(String.raw`\{([^{}]*)\}\s*=\s*${ENV}\b`, 'g'))) {
    for (const part of (match[1] as string).split(',')) {
      const name = /^\s*([A-Z][A-Z0-9_]+)\s*(?:[:=]|$)/.exec(part)?.[1];
      if (name !== undefined) names.add(name);
    }
  }
  return [...names];
}

/** The variables named in the first column of the tables of README's "Configuration" section. */
function documentedVariables(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1] as string);
  }
  return [...names];
}

describe('README configuration tables', () => {
  const read = new Map<string, string[]>();
  for (const file of productionSources()) {
    for (const name of variablesRead(readFileSync(file, 'utf8'))) {
      read.set(name, [...(read.get(name) ?? []), path.relative(ROOT, file)]);
    }
  }
  const documented = documentedVariables();

  it('finds the variables the code reads and the ones the README lists', () => {
    expect(read.size).toBeGreaterThan(30);
    expect(documented.length).toBeGreaterThan(30);
  });

  it('list every variable that an app, a command, npm start or the simulator reads', () => {
    const undocumented = [...read].filter(([name]) => !documented.includes(name));
    expect(undocumented.map(([name, files]) => `${name} (read in ${files.join(', ')})`)).toEqual([]);
  });

  it('list no variable that nothing reads', () => {
    expect(documented.filter((name) => !read.has(name))).toEqual([]);
  });

  it('sees the ways the code reads a variable', () => {
    expect(
      variablesRead(
        "integer(env, 'A_PORT', 1, 0, 9); read(environment, 'B_URL'); env.C_KEY; process.env['D_X']; env['E_Y'];" +
          ' env[`F_Z`]; read(env, "G_W"); const { H_A, I_B: b = 1, j } = process.env;',
      ).sort(),
    ).toEqual(['A_PORT', 'B_URL', 'C_KEY', 'D_X', 'E_Y', 'F_Z', 'G_W', 'H_A', 'I_B']);
  });
});
