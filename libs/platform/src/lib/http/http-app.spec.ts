import { SECURITY_HEADERS } from './edge';
import { clientErrorResponse } from './http-app';

/** Status line, headers and the parsed body of a raw answer. */
function parse(raw: string | undefined): { head: string[]; body: unknown } {
  if (raw === undefined) throw new Error('no answer');
  const [head, body] = raw.split('\r\n\r\n');
  return { head: head.split('\r\n'), body: JSON.parse(body) };
}

describe('clientErrorResponse', () => {
  it('answers headers over the size limit with 431 and the BAD_REQUEST envelope', () => {
    const body = JSON.stringify({
      status: 431,
      error: 'BAD_REQUEST',
      message: 'Hlavičky nebo adresa požadavku jsou příliš dlouhé.',
    });
    expect(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' })).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\n' +
        Object.entries(SECURITY_HEADERS)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'cache-control: no-store\r\n' +
        'connection: close\r\n' +
        '\r\n' +
        body,
    );
    // The Czech text is longer in bytes than in characters: content-length counts bytes.
    expect(Buffer.byteLength(body)).toBeGreaterThan(body.length);
  });

  it('answers any other parser error with 400 and a request timeout with 408', () => {
    for (const code of ['HPE_INVALID_METHOD', 'HPE_INVALID_CONSTANT', undefined]) {
      const { head, body } = parse(clientErrorResponse({ code }));
      expect({ code, line: head[0], body }).toEqual({
        code,
        line: 'HTTP/1.1 400 Bad Request',
        body: { status: 400, error: 'BAD_REQUEST', message: 'Neplatný požadavek.' },
      });
    }
    const timeout = parse(clientErrorResponse({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }));
    expect({ line: timeout.head[0], body: timeout.body }).toEqual({
      line: 'HTTP/1.1 408 Request Timeout',
      body: { status: 408, error: 'BAD_REQUEST', message: 'Požadavek nedorazil včas.' },
    });
  });

  it('writes nothing to a connection the client reset', () => {
    expect(clientErrorResponse({ code: 'ECONNRESET' })).toBeUndefined();
  });

  it('sends only the headers to an unparsable HEAD request (a body would corrupt the connection)', () => {
    const raw = Buffer.from('HEAD /\u00f1\u0013 HTTP/1.1\r\n\r\n', 'latin1');
    const answer = clientErrorResponse({ code: 'HPE_INVALID_URL', rawPacket: raw });
    expect(answer?.endsWith('connection: close\r\n\r\n')).toBe(true);
    expect(answer).toContain('content-length: ');
    const get = clientErrorResponse({
      code: 'HPE_INVALID_URL',
      rawPacket: Buffer.from('GET /\u0013 HTTP/1.1', 'latin1'),
    });
    expect(parse(get).body).toEqual({ status: 400, error: 'BAD_REQUEST', message: 'Neplatný požadavek.' });
  });
});
