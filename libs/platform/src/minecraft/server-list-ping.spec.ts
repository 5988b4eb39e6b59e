import net from 'node:net';
import { status } from 'minecraft-server-util';
import {
  MAX_PACKET_BYTES,
  ProtocolError,
  type ServerListPingResponder,
  type ServerListStatus,
  decodeString,
  decodeVarInt,
  encodePacket,
  encodeString,
  encodeVarInt,
  splitPackets,
  startServerListPingResponder,
} from './server-list-ping';

// Reference values from the protocol documentation's VarInt table.
const VARINTS: [number, string][] = [
  [0, '00'],
  [1, '01'],
  [2, '02'],
  [127, '7f'],
  [128, '8001'],
  [255, 'ff01'],
  [25565, 'ddc701'],
  [2097151, 'ffff7f'],
  [2147483647, 'ffffffff07'],
  [-1, 'ffffffff0f'],
  [-2147483648, '8080808008'],
];

describe('VarInt and packet framing', () => {
  it.each(VARINTS)('encodes and decodes %i as %s', (value, hex) => {
    expect(encodeVarInt(value).toString('hex')).toBe(hex);
    expect(decodeVarInt(Buffer.from(hex, 'hex'))).toEqual({ value, size: hex.length / 2 });
  });

  it('reports an unfinished VarInt as incomplete and a sixth byte as a protocol error', () => {
    expect(decodeVarInt(Buffer.from('ff', 'hex'))).toBeNull();
    expect(decodeVarInt(Buffer.from('ffffffff', 'hex'))).toBeNull();
    expect(() => decodeVarInt(Buffer.from('ffffffffff01', 'hex'))).toThrow(ProtocolError);
  });

  it('refuses numbers a VarInt cannot carry', () => {
    expect(() => encodeVarInt(2 ** 31)).toThrow(RangeError);
    expect(() => encodeVarInt(1.5)).toThrow(RangeError);
  });

  it('frames a packet as length, id, data and splits a stream back at packet boundaries', () => {
    const ping = encodePacket(0x01, Buffer.from('0102030405060708', 'hex'));
    expect(ping.toString('hex')).toBe('09010102030405060708');
    const stream = Buffer.concat([encodePacket(0x00), ping]);
    const { packets, rest } = splitPackets(Buffer.concat([stream, ping.subarray(0, 4)]));
    expect(packets.map((p) => [p.id, p.body.toString('hex')])).toEqual([
      [0x00, ''],
      [0x01, '0102030405060708'],
    ]);
    expect(rest.toString('hex')).toBe(ping.subarray(0, 4).toString('hex'));
  });

  it('treats an oversized or empty packet as a protocol error', () => {
    expect(() => splitPackets(encodeVarInt(MAX_PACKET_BYTES + 1))).toThrow(ProtocolError);
    expect(() => splitPackets(Buffer.from('00', 'hex'))).toThrow(ProtocolError);
  });

  it('reads UTF-8 strings with their byte length, and rejects a string longer than its packet', () => {
    const encoded = encodeString('Příliš žluťoučký');
    expect(decodeString(encoded, 0)).toEqual({ value: 'Příliš žluťoučký', size: encoded.length });
    expect(() => decodeString(encoded.subarray(0, 5), 0)).toThrow(ProtocolError);
  });
});

/** Connects, writes `bytes`, and collects everything the responder sends until it closes. */
function exchange(port: number, bytes: Buffer[], timeoutMs = 5000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the responder did not close the connection'));
    }, timeoutMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(received));
    });
    socket.on('connect', () => {
      for (const b of bytes) socket.write(b);
    });
  });
}

const handshake = (nextState: number) =>
  encodePacket(
    0x00,
    encodeVarInt(769),
    encodeString('localhost'),
    Buffer.from([0x63, 0xdd]),
    encodeVarInt(nextState),
  );

describe('Server List Ping responder', () => {
  let responder: ServerListPingResponder;
  let current: ServerListStatus = {
    version: { name: 'Test 1.21', protocol: 769 },
    players: { online: 17, max: 500 },
    motd: 'Ahoj světe',
    favicon: 'data:image/png;base64,AAAA',
  };

  beforeAll(async () => {
    responder = await startServerListPingResponder({
      host: '127.0.0.1',
      port: 0,
      status: () => current,
      loginRefusal: 'Jen ukázka',
      idleTimeoutMs: 300,
    });
  });
  afterAll(() => responder?.close());

  it('answers a real client (minecraft-server-util) with the current status and a ping round trip', async () => {
    const answer = await status('127.0.0.1', responder.port, { timeout: 5000, enableSRV: false });
    expect(answer.version).toEqual({ name: 'Test 1.21', protocol: 769 });
    expect(answer.players).toMatchObject({ online: 17, max: 500 });
    expect(answer.motd.clean).toBe('Ahoj světe');
    expect(answer.favicon).toBe('data:image/png;base64,AAAA');
    expect(answer.roundTripLatency).toBeGreaterThanOrEqual(0);

    current = { ...current, players: { online: 900, max: 500 }, favicon: undefined };
    const again = await status('127.0.0.1', responder.port, { timeout: 5000, enableSRV: false });
    expect(again.players.online).toBe(500); // never more than the slots
    expect(again.favicon).toBeNull();
  });

  it('understands the exchange when it arrives one byte at a time, and echoes the ping payload', async () => {
    const payload = Buffer.from('f00dfacecafebabe', 'hex');
    const bytes = Buffer.concat([handshake(1), encodePacket(0x00), encodePacket(0x01, payload)]);
    const answer = await exchange(
      responder.port,
      [...bytes].map((b) => Buffer.from([b])),
    );
    const { packets, rest } = splitPackets(answer);
    expect(rest.length).toBe(0);
    expect(packets.map((p) => p.id)).toEqual([0x00, 0x01]);
    const document = JSON.parse(decodeString(packets[0].body, 0).value);
    expect(document).toMatchObject({ players: { max: 500 }, description: { text: 'Ahoj světe' } });
    expect(packets[1].body.equals(payload)).toBe(true);
  });

  it('answers a login attempt with a disconnect message and closes', async () => {
    const answer = await exchange(responder.port, [handshake(2)]);
    const { packets } = splitPackets(answer);
    expect(packets).toHaveLength(1);
    expect(packets[0].id).toBe(0x00);
    expect(JSON.parse(decodeString(packets[0].body, 0).value)).toEqual({ text: 'Jen ukázka' });
  });

  it.each([
    ['the legacy 0xFE ping', [Buffer.from('fe01fa', 'hex')]],
    ['an oversized packet', [encodeVarInt(MAX_PACKET_BYTES + 1), Buffer.alloc(16)]],
    ['a status request before the handshake', [encodePacket(0x00)]],
    ['an unknown next state', [handshake(7)]],
    ['a ping with a short payload', [handshake(1), encodePacket(0x01, Buffer.alloc(4))]],
    ['a client that says nothing', []],
  ])('closes the connection without an answer on %s', async (_case, bytes) => {
    expect((await exchange(responder.port, bytes)).length).toBe(0);
  });

  it('counts connections and keeps answering after bad clients', async () => {
    const before = responder.connections();
    await status('127.0.0.1', responder.port, { timeout: 5000, enableSRV: false });
    expect(responder.connections()).toBe(before + 1);
  });

  it('fails to start, instead of crashing, when the port is taken', async () => {
    await expect(
      startServerListPingResponder({ host: '127.0.0.1', port: responder.port, status: () => current }),
    ).rejects.toThrow(/EADDRINUSE/);
  });

  it('closes open connections on close()', async () => {
    const other = await startServerListPingResponder({ host: '127.0.0.1', port: 0, status: () => current });
    const open = exchange(other.port, [handshake(1)], 5000);
    await new Promise((r) => setTimeout(r, 100));
    await other.close();
    await expect(open).resolves.toHaveLength(0);
  });
});
