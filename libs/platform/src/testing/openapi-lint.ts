import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * The problems `npx @redocly/cli lint` (recommended rules) reports for an OpenAPI document, as
 * `severity rule at pointer: message` (tools/checks/openapi-lint.mjs in its own process: the linter is
 * ESM-only).
 */
export function redoclyProblems(document: unknown): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools/checks/openapi-lint.mjs')], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(`openapi-lint failed (${code}): ${err}`));
      resolve(
        out
          .split('\n')
          .filter(Boolean)
          .map(
            (line) =>
              JSON.parse(line) as { severity: string; rule: string; pointer: string; message: string },
          )
          .map((p) => `${p.severity} ${p.rule} at ${p.pointer}: ${p.message}`),
      );
    });
    child.stdin.end(typeof document === 'string' ? document : JSON.stringify(document));
  });
}
