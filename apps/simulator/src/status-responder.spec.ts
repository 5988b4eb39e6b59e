import { status } from 'minecraft-server-util';
import { createFavicon } from './favicon';
import { STATUS_VERSION_NAME, type StatusResponder, startStatusResponder } from './status-responder';

describe('status responder', () => {
  let responder: StatusResponder;
  let online = 17;
  const favicon = createFavicon();

  beforeAll(async () => {
    responder = await startStatusResponder({
      host: '127.0.0.1',
      port: 0,
      online: () => online,
      maxPlayers: 500,
      motd: 'CraftStats – ukázkový herní server',
      favicon,
    });
  });
  afterAll(() => responder?.close());

  it('answers a Server List Ping with the simulated player count, version, description and favicon', async () => {
    const answer = await status('127.0.0.1', responder.port, { timeout: 5000, enableSRV: false });
    expect(answer.players).toMatchObject({ online: 17, max: 500 });
    expect(answer.version).toEqual({ name: STATUS_VERSION_NAME, protocol: 769 });
    expect(answer.motd.clean).toBe('CraftStats – ukázkový herní server');
    expect(answer.favicon).toBe(favicon);
    expect(answer.roundTripLatency).toBeGreaterThanOrEqual(0);
  });

  it('reads the count at every ping and never reports more than the slots', async () => {
    online = 3;
    expect(
      (await status('127.0.0.1', responder.port, { timeout: 5000, enableSRV: false })).players.online,
    ).toBe(3);
    online = 900;
    expect(
      (await status('127.0.0.1', responder.port, { timeout: 5000, enableSRV: false })).players.online,
    ).toBe(500);
  });

  it('fails to start, instead of crashing, when the port is taken', async () => {
    await expect(
      startStatusResponder({
        host: '127.0.0.1',
        port: responder.port,
        online: () => 0,
        maxPlayers: 500,
        motd: 'x',
        favicon,
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
