import Fastify from 'fastify';
import { SECURITY_HEADERS } from './edge';
import { setSecurityHeaders } from './reply-headers';

describe('setSecurityHeaders', () => {
  it("sets helmet's headers, keeps a header set before them and the ones set or removed after", async () => {
    const app = Fastify();
    let shaped = false;
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.header('Vary', 'Origin');
      setSecurityHeaders(reply);
      // The header object was replaced, not filled the documented way (the fallback for another Fastify).
      const holder = reply as unknown as Record<symbol, object | undefined>;
      shaped = Object.getOwnPropertySymbols(reply).some(
        (key) => holder[key]?.constructor.name === 'AnswerHeaders',
      );
      done();
    });
    const later = Array.from({ length: 11 }, (_, i) => `x-later-${i}`);
    app.get('/', (_request, reply) => {
      for (const name of later) void reply.header(name, name);
      return reply.removeHeader('x-later-0').send('ok');
    });
    const answer = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(answer.statusCode).toBe(200);
    expect({ shaped }).toEqual({ shaped: true });
    expect(answer.headers).toMatchObject({
      ...SECURITY_HEADERS,
      vary: 'Origin',
      ...Object.fromEntries(later.slice(1).map((name) => [name, name])),
    });
    expect(answer.headers).not.toHaveProperty('x-later-0');
  });
});
