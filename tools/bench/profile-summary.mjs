#!/usr/bin/env node
// Where a process's CPU went: a V8 profile (`npm run bench -- --cpu-prof DIR`) summed by self time,
// per package and per function, after the first --skip seconds (start-up), as shares of the time
// the process was busy. docs/performance.md
// quotes its output.
//
//   node tools/bench/profile-summary.mjs FILE.cpuprofile [--skip 5] [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { skip: { type: 'string', default: '5' }, top: { type: 'string', default: '25' } },
});
if (positionals.length !== 1) {
  process.stderr.write('Usage: node tools/bench/profile-summary.mjs FILE.cpuprofile [--skip 5] [--top 25]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const skipUs = Number(options.skip) * 1e6;
const top = Number(options.top);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

const selfUs = new Map();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
// Shares are of the busy time: waiting for work ("(idle)") is left out.
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const idleUs = [...idleIds].reduce((sum, id) => sum + (selfUs.get(id) ?? 0), 0);
for (const id of idleIds) selfUs.delete(id);
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** The package (or area) a frame belongs to: node_modules/<pkg>, craftstats' own code, Node, V8. */
function areaOf({ url, functionName }) {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const own = /\/(apps\/[^/]+|libs\/[^/]+)\/src\//.exec(url);
  return own ? own[1] : url;
}

const byArea = new Map();
const byFunction = new Map();
for (const [id, us] of selfUs) {
  const frame = nodes.get(id).callFrame;
  const area = areaOf(frame);
  byArea.set(area, (byArea.get(area) ?? 0) + us);
  const file = frame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\/apps\/[^/]+\//, '');
  const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const print = (title, map) => {
  console.log(title);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)}%  ${key}`);
  }
};
console.log(
  `${(total / 1e6).toFixed(1)} s busy, ${(idleUs / 1e6).toFixed(1)} s idle, after the first ${options.skip} s; shares of the busy time`,
);
print('\nself time by package', byArea);
print('\nself time by function', byFunction);
