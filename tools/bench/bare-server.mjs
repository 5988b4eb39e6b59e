#!/usr/bin/env node
// The bare baseline of the benchmark: node:http answering, from memory, exactly the bytes (body and
// headers) the API answered for each path. Started by tools/bench/bench.mjs in its own process.
//   node tools/bench/bare-server.mjs <port> <answers.json>   answers: { "<path>": { headers, body (base64) } }
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, answer]) => [
    path,
    { headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
  ]),
);
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
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
