import { status } from 'minecraft-server-util';
import { ServerListPinger } from './minecraft-pinger';

jest.mock('minecraft-server-util', () => ({ status: jest.fn() }));
const statusMock = status as jest.MockedFunction<typeof status>;

const response = (overrides: Record<string, unknown> = {}) =>
  ({
    version: { name: '1.20.4', protocol: 765 },
    players: { online: 7, max: 50, sample: null },
    motd: { raw: '', clean: '', html: '' },
    favicon: 'data:image/png;base64,AAAA',
    srvRecord: null,
    roundTripLatency: 4.6,
    ...overrides,
  }) as unknown as Awaited<ReturnType<typeof status>>;

describe('ServerListPinger', () => {
  const pinger = new ServerListPinger();
  beforeEach(() => statusMock.mockReset());

  it('maps the status response to the player count, latency rounded to whole ms', async () => {
    statusMock.mockResolvedValue(response());
    expect(await pinger.ping({ host: 'mc.example.cz', port: 25577 }, 2500)).toEqual({
      players: { online: 7, max: 50 },
      isOnline: true,
      version: 765,
      latency: 5,
      favicon: 'data:image/png;base64,AAAA',
    });
    expect(statusMock).toHaveBeenCalledWith('mc.example.cz', 25577, { timeout: 2500, enableSRV: false });
  });

  it('follows the SRV record only for a host name without a port (port 25565 otherwise)', async () => {
    statusMock.mockResolvedValue(response());
    await pinger.ping({ host: 'mc.example.cz', port: null }, 2500);
    expect(statusMock).toHaveBeenLastCalledWith('mc.example.cz', 25565, { timeout: 2500, enableSRV: true });
    await pinger.ping({ host: '203.0.113.7', port: null }, 2500);
    expect(statusMock).toHaveBeenLastCalledWith('203.0.113.7', 25565, { timeout: 2500, enableSRV: false });
    await pinger.ping({ host: '2001:db8::1', port: null }, 2500);
    expect(statusMock).toHaveBeenLastCalledWith('2001:db8::1', 25565, { timeout: 2500, enableSRV: false });
  });

  it('answers "" for a missing or non-data-URI favicon and 0 for numbers the server got wrong', async () => {
    statusMock.mockResolvedValue(
      response({
        favicon: null,
        players: { online: -3, max: Number.NaN },
        version: { name: 'x', protocol: '765' },
      }),
    );
    expect(await pinger.ping({ host: 'h', port: 1 }, 100)).toEqual({
      players: { online: 0, max: 0 },
      isOnline: true,
      version: 0,
      latency: 5,
      favicon: '',
    });
    statusMock.mockResolvedValue(response({ favicon: 'https://evil.example/icon.png' }));
    expect((await pinger.ping({ host: 'h', port: 1 }, 100)).favicon).toBe('');
  });

  it('rejects when the library does (the service turns that into the offline answer)', async () => {
    statusMock.mockRejectedValue(new Error('Server is offline or unreachable'));
    await expect(pinger.ping({ host: 'h', port: 1 }, 100)).rejects.toThrow(
      'Server is offline or unreachable',
    );
  });
});
