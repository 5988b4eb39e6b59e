import { isIPv4 } from 'node:net';
import { SECURITY_HEADERS, corsOriginFor, ipv4Number, trustedProxies } from './edge';

const request = (method: string, url: string, requestMethod?: string) => ({
  method,
  url,
  headers: requestMethod === undefined ? {} : { 'access-control-request-method': requestMethod },
});

describe('corsOriginFor', () => {
  const cors = { origins: ['https://web.example.cz'], anyOriginForPublicReads: true, localOrigins: false };

  it('allows a listed origin everywhere and "*" only on public reads', () => {
    expect(corsOriginFor(cors, 'https://web.example.cz', request('POST', '/account/login'))).toBe(
      'https://web.example.cz',
    );
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '/economy/log?x=1'))).toBe('*');
    expect(corsOriginFor(cors, 'https://x.example', request('OPTIONS', '/player/Pepa', 'GET'))).toBe('*');
    expect(corsOriginFor(cors, 'https://x.example', request('OPTIONS', '/account/login', 'POST'))).toBe(
      false,
    );
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '/account/me'))).toBe(false);
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '/PANEL/economy/log'))).toBe(false);
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '/metrics'))).toBe(false);
    // The router matches doubled slashes as one: so does the private-path check.
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '//account/me'))).toBe(false);
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '/panel//economy/log'))).toBe(false);
    expect(corsOriginFor(cors, 'https://x.example', request('GET', '//player//Pepa'))).toBe('*');
    expect(corsOriginFor(cors, undefined, request('GET', '/economy/log'))).toBe(false);
  });

  it('allows only loopback origins with the local default', () => {
    const local = { origins: [], anyOriginForPublicReads: false, localOrigins: true };
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1', 'https://[::1]:8443']) {
      expect(corsOriginFor(local, origin, request('POST', '/account/login'))).toBe(origin);
    }
    for (const origin of ['http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'null']) {
      expect(corsOriginFor(local, origin, request('GET', '/economy/log'))).toBe(false);
    }
  });
});

describe('SECURITY_HEADERS', () => {
  it("are helmet's headers with the CSP of the docs page", () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    expect(SECURITY_HEADERS['content-security-policy']).toContain("default-src 'self'");
    expect(SECURITY_HEADERS['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('trustedProxies (TRUST_PROXY)', () => {
  it('trusts exactly the listed addresses and subnets, IPv4-mapped addresses as their IPv4 address', () => {
    const trusts = trustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '2001:db8::5']);
    if (trusts === false) throw new Error('a non-empty list must give a trust function');
    const verdicts = Object.fromEntries(
      [
        '127.0.0.1',
        '::ffff:127.0.0.1',
        '127.0.0.2',
        '10.255.0.1',
        '::ffff:10.1.2.3',
        '11.0.0.1',
        'fd12::1',
        'fe80::1',
        '2001:db8::5',
        '2001:db8::6',
        'not an address',
      ].map((address) => [address, trusts(address)]),
    );
    expect(verdicts).toEqual({
      '127.0.0.1': true,
      '::ffff:127.0.0.1': true,
      '127.0.0.2': false,
      '10.255.0.1': true,
      '::ffff:10.1.2.3': true,
      '11.0.0.1': false,
      'fd12::1': true,
      'fe80::1': false,
      '2001:db8::5': true,
      '2001:db8::6': false,
      'not an address': false,
    });
  });

  it('reads the IPv4 part of a TRUST_PROXY entry as a network, and trusts 0.0.0.0/0 for every IPv4 client only', () => {
    const trusts = trustedProxies(['192.168.1.77/24', '0.0.0.0/0']);
    if (trusts === false) throw new Error('a non-empty list must give a trust function');
    expect(['192.168.1.1', '8.8.8.8', '::ffff:8.8.8.8', '::ffff:999.1.1.1', '::1'].map(trusts)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('trusts nobody for an empty list', () => {
    expect(trustedProxies([])).toBe(false);
  });
});

describe('ipv4Number', () => {
  it('reads exactly the addresses net.isIPv4 accepts, as unsigned 32-bit numbers', () => {
    const samples = [
      '0.0.0.0',
      '255.255.255.255',
      '203.0.113.7',
      '10.0.0.1',
      '256.0.0.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.04',
      '1..2.3',
      '.1.2.3',
      '1.2.3.',
      '1.2.3.4 ',
      '1234.1.1.1',
      '::1',
      '',
      'a.b.c.d',
    ];
    for (const address of samples) {
      expect({ address, valid: ipv4Number(address) >= 0 }).toEqual({ address, valid: isIPv4(address) });
    }
    expect(ipv4Number('203.0.113.7')).toBe(((203 * 256 + 0) * 256 + 113) * 256 + 7);
    expect(ipv4Number('255.255.255.255')).toBe(0xffffffff);
  });
});
