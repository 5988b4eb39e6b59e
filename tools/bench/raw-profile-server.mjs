#!/usr/bin/env node
// The raw profile ceiling of the benchmark: node:http + a mysql2 pool, one prepared JOIN per request
// (the player row, its balances, this month's and this week's vote counters), answering the API's
// profile JSON ({ status: 200, data: <profile> }, the same fields in the same order).
// No framework, no validation, no cache, no logging: what the database and Node cost at least.
//   node tools/bench/raw-profile-server.mjs <port> <mysql url> <month key> <week key> [pool size] [http|nest|nest-headers] [headers]
//   http          node:http alone: the ceiling of the profile rows
//   nest          the same lookup as the one handler of a Nest controller on Nest's Fastify adapter (the
//                 API's versions), without pipes, guards, hooks or logging: the floor of the framework
//                 the API is built on (an extra row, docs/performance.md)
//   nest-headers  the Nest floor answering with the response headers of an API answer as well: `headers`
//                 is that answer's header set as JSON (the benchmark passes one the API sent); each answer
//                 repeats the fixed ones and makes a fresh request id, ETag (of its body) and remaining
//                 count, as the API does. What the framework and the headers of every API answer cost,
//                 without the work that produces them (an extra row)
import { hash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');
const [port, url, month, week, poolSize = '10', mode = 'http', headersJson = '{}'] = process.argv.slice(2);
const pool = mysql.createPool({ uri: url, connectionLimit: Number(poolSize), enableKeepAlive: true });

const MODES = ['survival', 'skyblock', 'creative', 'vanilla', 'prison', 'skycloud'];
const COLUMNS = `p.id, p.discriminator, p.nick, p.uuid, p.web_group, p.registred, p.last_online, p.last_server,
  p.is_online, p.played_time, p.mc_version, p.global_level, ${MODES.map((m) => `p.${m}_level, p.${m}_experience`).join(', ')},
  p.votes_total, p.last_vote, p.social_status, p.social_facebook, p.social_twitter, p.social_twitch, p.social_steam,
  p.social_web, p.discord_id, p.deprecated_votetokens, p.deprecated_level, p.deprecated_experience`;
const joins = `LEFT JOIN player_balances b ON b.player_id = p.id
  LEFT JOIN vote_counts vm ON vm.player_id = p.id AND vm.period = 'month' AND vm.period_key = ?
  LEFT JOIN vote_counts vw ON vw.player_id = p.id AND vw.period = 'week' AND vw.period_key = ?`;
const select = `SELECT ${COLUMNS}, b.currency, b.amount, vm.votes AS votes_month, vw.votes AS votes_week`;
const BY_NICK = `${select} FROM (SELECT * FROM players WHERE nick_lower = ? ORDER BY nick_since DESC, uuid DESC LIMIT 1) p ${joins}`;
const BY_UUID = `${select} FROM players p ${joins} WHERE p.uuid = ?`;

function profile(rows) {
  const p = rows[0];
  const balance = Object.fromEntries(
    rows.filter((r) => r.currency !== null).map((r) => [r.currency, Number(r.amount)]),
  );
  const ranked = { global_level: p.global_level };
  for (const mode of MODES) {
    ranked[`${mode}_level`] = p[`${mode}_level`];
    ranked[`${mode}_experience`] = Number(p[`${mode}_experience`]);
  }
  return {
    id: p.id,
    discriminator: p.discriminator,
    nick: p.nick,
    uuid: p.uuid,
    web_group: p.web_group,
    registred: Number(p.registred),
    last_online: Number(p.last_online),
    last_server: p.last_server,
    is_online: p.is_online === 1,
    played_time: Math.floor(Number(p.played_time) / 60_000),
    mc_version: p.mc_version,
    economy: {
      craftcoins: balance.CRAFTCOINS ?? 0,
      crafttokens: balance.CRAFTTOKENS ?? 0,
      votetokens: balance.VOTETOKENS ?? 0,
      karma: balance.KARMA ?? 0,
      achievement_points: balance.ACHIEVEMENTPOINTS ?? 0,
    },
    ranked,
    votes: {
      total: p.votes_total,
      month: p.votes_month ?? 0,
      week: p.votes_week ?? 0,
      last_vote: Number(p.last_vote),
    },
    social: {
      status: p.social_status,
      facebook: p.social_facebook,
      twitter: p.social_twitter,
      twitch: p.social_twitch,
      steam: p.social_steam,
      web: p.social_web,
    },
    discord: { id: p.discord_id === '' ? null : p.discord_id },
    deprecated: {
      votetokens: Number(p.deprecated_votetokens),
      level: p.deprecated_level,
      experience: Number(p.deprecated_experience),
    },
  };
}

/** The answer to a lookup: [status, body]. */
async function lookup(by, key) {
  try {
    const [rows] =
      by === 'uuid'
        ? await pool.execute(BY_UUID, [month, week, key])
        : await pool.execute(BY_NICK, [key.toLowerCase(), month, week]);
    if (rows.length === 0) return [404, { status: 404, error: 'PLAYER_NOT_FOUND' }];
    return [200, { status: 200, data: profile(rows) }];
  } catch (error) {
    return [503, { status: 503, error: 'UNAVAILABLE', message: String(error.message) }];
  }
}

const listening = () => process.stdout.write('listening\n');

/**
 * The headers of one answer with `body` in `nest-headers` mode: an API answer's set (`headersJson`),
 * with the values the API makes per answer made here per answer too.
 */
function answerHeaders(fixed, body, remaining) {
  const headers = { ...fixed };
  if ('x-request-id' in headers) headers['x-request-id'] = randomUUID();
  if ('etag' in headers) headers['etag'] = `"${hash('sha256', body, 'base64url').slice(0, 32)}"`;
  if ('ratelimit-remaining' in headers) headers['ratelimit-remaining'] = String(remaining);
  return headers;
}

if (mode === 'nest' || mode === 'nest-headers') {
  // Nest and its Fastify adapter as the API loads them, decorators applied by hand (this is plain JS).
  require('reflect-metadata');
  const { Controller, Get, Header, HttpException, Module, Param, Res } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { FastifyAdapter } = require('@nestjs/platform-fastify');
  const fixed = mode === 'nest-headers' ? JSON.parse(headersJson) : null;
  // Every answer comes from a new client address in the benchmark: a fresh count each time.
  const remaining = fixed ? Number(fixed['ratelimit-limit'] ?? 1) - 1 : 0;
  const answer = async (by, key, reply) => {
    const [status, body] = await lookup(by, key);
    if (status !== 200) throw new HttpException(body, status);
    const json = JSON.stringify(body);
    if (fixed) reply.headers(answerHeaders(fixed, json, remaining));
    return json;
  };
  class ProfilesController {
    byUuid(uuid, reply) {
      return answer('uuid', uuid, reply);
    }
    byNick(nick, reply) {
      return answer('nick', nick, reply);
    }
  }
  for (const [method, path, param] of [
    ['byUuid', 'uuid/:uuid', 'uuid'],
    ['byNick', ':nick', 'nick'],
  ]) {
    const { prototype } = ProfilesController;
    Param(param)(prototype, method, 0);
    if (fixed) Res({ passthrough: true })(prototype, method, 1);
    const descriptor = Object.getOwnPropertyDescriptor(prototype, method);
    Header('content-type', 'application/json; charset=utf-8')(prototype, method, descriptor);
    Get(path)(prototype, method, descriptor);
  }
  Controller('player')(ProfilesController);
  class ProfilesModule {}
  Module({ controllers: [ProfilesController] })(ProfilesModule);
  const app = await NestFactory.create(ProfilesModule, new FastifyAdapter(), { logger: false });
  await app.listen(Number(port), '127.0.0.1');
  listening();
} else {
  http
    .createServer(async (req, res) => {
      const uuid = /^\/player\/uuid\/([0-9a-f-]{36})$/.exec(req.url);
      const nick = uuid ? null : /^\/player\/([^/]+)$/.exec(req.url);
      const [status, body] = uuid
        ? await lookup('uuid', uuid[1])
        : nick
          ? await lookup('nick', decodeURIComponent(nick[1]))
          : [404, { status: 404, error: 'NOT_FOUND' }];
      const bytes = Buffer.from(JSON.stringify(body));
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': bytes.length,
      });
      res.end(bytes);
    })
    .listen(Number(port), '127.0.0.1', listening);
}
