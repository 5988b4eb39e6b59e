#!/usr/bin/env node
// The baselines of the benchmark's cached reads: exactly the bytes (body and headers) the API answered
// for each path, answered from memory. Started by tools/bench/bench.mjs in its own process.
//   node tools/bench/bare-server.mjs <port> <answers.json> [http|fastify]
//     answers: { "<path>": { headers, body (base64) } }
//   http     node:http alone: the ceiling of the cached-read rows
//   fastify  Fastify (the API's version) with one route per path, no hooks, no plugins: the floor of
//            the framework the API is built on (an extra row, docs/performance.md)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

const [port, file, mode = 'http'] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, answer]) => [
    path,
    { headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
  ]),
);
const listening = () => process.stdout.write('listening\n');

if (mode === 'fastify') {
  // The Fastify that Nest's adapter loads, whatever version npm placed where.
  const require = createRequire(import.meta.url);
  const fastify = createRequire(require.resolve('@nestjs/platform-fastify'))('fastify')({ logger: false });
  for (const [path, answer] of answers) {
    fastify.get(path, (_request, reply) => {
      void reply.headers(answer.headers).send(answer.body);
    });
  }
  await fastify.listen({ port: Number(port), host: '127.0.0.1' });
  listening();
} else {
  http
    .createServer((req, res) => {
      const answer = answers.get(req.url);
      if (answer === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, answer.headers);
      res.end(answer.body);
    })
    .listen(Number(port), '127.0.0.1', listening);
}
