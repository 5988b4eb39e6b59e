import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify, { FastifyRequest } from 'fastify';
import { Metrics } from '../metrics/metrics';
import { trustedProxies } from './edge';
import { EarlyAdmission, EarlyAnswers, clientAddress } from './early-answers';
import { PreparedAnswer } from './prepared-answer';

/** A GET as Node's server hands it over, from `remoteAddress`, with `headers`. */
function incoming(
  url: string,
  headers: Record<string, string>,
  remoteAddress = '127.0.0.1',
): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.headers = headers;
  return req;
}

describe('clientAddress', () => {
  const trust = trustedProxies(['127.0.0.1', '10.0.0.0/8']);
  it.each([
    ['no X-Forwarded-For', undefined],
    ['one client', '203.0.113.7'],
    ['a chain through trusted proxies', '203.0.113.7, 10.1.2.3'],
    ['an untrusted hop in the middle', '198.51.100.1, 192.0.2.9, 10.0.0.4'],
    ['only trusted addresses', '10.0.0.9, 10.0.0.8'],
    ['spaces and an IPv6 client', ' 2001:db8::1 ,10.0.0.1'],
  ])('is what Fastify gives as request.ip: %s', async (_case, forwarded) => {
    const fastify = Fastify({ trustProxy: trust as (address: string) => boolean });
    let ip = '';
    fastify.get('/', (request: FastifyRequest) => {
      ip = request.ip;
      return 'ok';
    });
    const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
    await fastify.inject({ method: 'GET', url: '/', headers, remoteAddress: '127.0.0.1' });
    await fastify.close();
    expect(clientAddress(incoming('/', headers), trust)).toBe(ip);
  });

  it('is the socket address without TRUST_PROXY', () => {
    expect(clientAddress(incoming('/', { 'x-forwarded-for': '203.0.113.7' }, '192.0.2.1'), false)).toBe(
      '192.0.2.1',
    );
  });
});

describe('EarlyAnswers', () => {
  const answer = PreparedAnswer.of({ n: 1 }, 1_000, 60_000);
  const routeRequest = (url: string) =>
    ({ method: 'GET', url, routeOptions: { url } }) as unknown as FastifyRequest;
  const early = (admission?: Partial<EarlyAdmission>) => {
    const answers = new EarlyAnswers({
      now: () => 2_000,
      cors: undefined,
      trustProxy: false,
      metrics: new Metrics('test'),
      requestLogger: undefined,
    });
    if (admission !== undefined)
      answers.admitWith({ servesEarly: () => true, admit: () => true, ...admission });
    return answers;
  };
  const response = (req: IncomingMessage) => new ServerResponse(req);

  it('answers nothing without an admission (an app that gave none, such as the log-ingestor)', () => {
    const answers = early();
    answers.remember(routeRequest('/a'), answer);
    const req = incoming('/a', { host: 'localhost' });
    expect(answers.answer(req, response(req))).toBe(false);
  });

  it('repeats only the routes the admission serves, and leaves to Fastify what it refuses', () => {
    const served = early({ servesEarly: (request) => request.url === '/public' });
    served.remember(routeRequest('/public'), answer);
    served.remember(routeRequest('/private'), answer);
    const ask = (answers: EarlyAnswers, url: string) => {
      const req = incoming(url, { host: 'localhost' });
      const res = response(req);
      return [answers.answer(req, res), res.headersSent];
    };
    expect(ask(served, '/public')).toEqual([true, true]);
    expect(ask(served, '/private')).toEqual([false, false]);
    expect(ask(served, '/unknown')).toEqual([false, false]);

    const refused = early({ admit: () => false });
    refused.remember(routeRequest('/public'), answer);
    expect(ask(refused, '/public')).toEqual([false, false]);
  });

  it('never repeats an answer made for one request only (ADR 0083)', () => {
    const answers = early({});
    answers.remember(routeRequest('/once'), answer.forThisRequestOnly());
    answers.remember(routeRequest('/kept'), answer);
    const req = incoming('/once', { host: 'localhost' });
    expect(answers.answer(req, response(req))).toBe(false);
    const kept = incoming('/kept', { host: 'localhost' });
    expect(answers.answer(kept, response(kept))).toBe(true);
  });
});
