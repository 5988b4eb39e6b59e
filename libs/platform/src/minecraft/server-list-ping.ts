import net from 'node:net';

/**
 * The status side of Minecraft's Server List Ping, as a game server speaks it to the server list
 * (https://minecraft.wiki/w/Java_Edition_protocol/Server_List_Ping): a VarInt-framed handshake with
 * next state 1, a status request answered with a JSON document, and a ping whose 8-byte payload is
 * echoed as the pong. Logins (next state 2 and 3) get a disconnect message; the legacy 0xFE ping and
 * anything malformed close the connection. Nothing else of the game protocol is spoken.
 */

/** What a game server reports in the server list. */
export interface ServerListStatus {
  version: { name: string; protocol: number };
  players: { max: number; online: number };
  /** Plain text (sent as a text component). */
  motd: string;
  /** `data:image/png;base64,…`, or omitted. */
  favicon?: string;
}

export interface ServerListPingResponderOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Read at every status request, so the answer is always current. */
  status: () => ServerListStatus;
  /** The disconnect text shown to a client that tries to log in. */
  loginRefusal?: string;
  /** A connection that sends nothing complete for this long is closed (ms). */
  idleTimeoutMs?: number;
}

export interface ServerListPingResponder {
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Stops listening and closes the open connections. */
  close(): Promise<void>;
}

/** Larger packets are not part of a status exchange: the connection is closed. */
export const MAX_PACKET_BYTES = 4096;
const MAX_VARINT_BYTES = 5;

export class ProtocolError extends Error {}

/** Minecraft's VarInt: 7 bits per byte, least significant group first, high bit = more bytes follow. */
export function encodeVarInt(value: number): Buffer {
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff)
    throw new RangeError(`VarInt out of range: ${value}`);
  const bytes: number[] = [];
  let rest = value >>> 0; // negative numbers are sent as their 32-bit two's complement
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

/**
 * Reads a VarInt at `offset`. Returns null when the buffer ends before the VarInt does; throws
 * ProtocolError for a VarInt longer than 5 bytes.
 */
export function decodeVarInt(buffer: Buffer, offset = 0): { value: number; size: number } | null {
  let value = 0;
  for (let i = 0; i < MAX_VARINT_BYTES; i++) {
    if (offset + i >= buffer.length) return null;
    const byte = buffer[offset + i];
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value: value | 0, size: i + 1 };
  }
  throw new ProtocolError('VarInt longer than 5 bytes');
}

/** One packet: VarInt length of (id + data), VarInt packet id, data. */
export function encodePacket(id: number, ...data: Buffer[]): Buffer {
  const body = Buffer.concat([encodeVarInt(id), ...data]);
  return Buffer.concat([encodeVarInt(body.length), body]);
}

/** A protocol string: VarInt byte length, UTF-8. */
export function encodeString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([encodeVarInt(bytes.length), bytes]);
}

/** Reads a protocol string at `offset` of a complete packet body. */
export function decodeString(buffer: Buffer, offset: number): { value: string; size: number } {
  const length = decodeVarInt(buffer, offset);
  if (length === null || length.value < 0 || offset + length.size + length.value > buffer.length)
    throw new ProtocolError('truncated string');
  const start = offset + length.size;
  return { value: buffer.toString('utf8', start, start + length.value), size: length.size + length.value };
}

/**
 * Splits a byte stream into packets. Returns the complete packets (id and body after the id) and the
 * bytes left over for the next chunk.
 */
export function splitPackets(buffer: Buffer): { packets: { id: number; body: Buffer }[]; rest: Buffer } {
  const packets: { id: number; body: Buffer }[] = [];
  let offset = 0;
  for (;;) {
    const length = decodeVarInt(buffer, offset);
    if (length === null) break;
    if (length.value <= 0 || length.value > MAX_PACKET_BYTES)
      throw new ProtocolError(`packet length ${length.value}`);
    const start = offset + length.size;
    if (start + length.value > buffer.length) break;
    const packet = buffer.subarray(start, start + length.value);
    const id = decodeVarInt(packet, 0);
    if (id === null) throw new ProtocolError('packet without an id');
    packets.push({ id: id.value, body: packet.subarray(id.size) });
    offset = start + length.value;
  }
  return { packets, rest: buffer.subarray(offset) };
}

/** The JSON document of the status response. */
export function statusDocument(status: ServerListStatus): string {
  return JSON.stringify({
    version: status.version,
    players: {
      max: status.players.max,
      online: Math.max(0, Math.min(status.players.online, status.players.max)),
      sample: [],
    },
    description: { text: status.motd },
    ...(status.favicon ? { favicon: status.favicon } : {}),
    enforcesSecureChat: false,
  });
}

type State = 'handshake' | 'status' | 'done';

/** Speaks the status exchange on one socket. */
function serve(socket: net.Socket, options: ServerListPingResponderOptions): void {
  let state: State = 'handshake';
  let pending: Buffer = Buffer.alloc(0);
  socket.setNoDelay(true);
  socket.setTimeout(options.idleTimeoutMs ?? 10_000, () => socket.destroy());
  socket.on('error', () => undefined); // a client resetting the connection is not our problem

  const refuseLogin = () => {
    const text = options.loginRefusal ?? 'This server only answers the server list.';
    socket.end(encodePacket(0x00, encodeString(JSON.stringify({ text }))));
    state = 'done';
  };

  socket.on('data', (chunk: Buffer) => {
    if (state === 'done') return;
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    // The legacy (pre-1.7) ping starts with 0xFE, which no modern handshake does.
    if (state === 'handshake' && pending[0] === 0xfe) return void socket.destroy();
    try {
      const { packets, rest } = splitPackets(pending);
      pending = Buffer.from(rest);
      for (const packet of packets) {
        if (state === 'handshake') {
          if (packet.id !== 0x00) throw new ProtocolError(`unexpected packet ${packet.id} in handshake`);
          const protocol = decodeVarInt(packet.body, 0);
          if (protocol === null) throw new ProtocolError('truncated handshake');
          const address = decodeString(packet.body, protocol.size);
          const next = decodeVarInt(packet.body, protocol.size + address.size + 2);
          if (next === null) throw new ProtocolError('truncated handshake');
          if (next.value === 1) state = 'status';
          else if (next.value === 2 || next.value === 3) return refuseLogin();
          else throw new ProtocolError(`unknown next state ${next.value}`);
        } else if (state === 'status' && packet.id === 0x00 && packet.body.length === 0) {
          socket.write(encodePacket(0x00, encodeString(statusDocument(options.status()))));
        } else if (state === 'status' && packet.id === 0x01 && packet.body.length === 8) {
          socket.end(encodePacket(0x01, packet.body));
          state = 'done';
          return;
        } else {
          throw new ProtocolError(`unexpected packet ${packet.id} in ${state}`);
        }
      }
    } catch {
      socket.destroy();
    }
  });
}

/** Listens on `host:port` and answers Server List Pings with `options.status()`. */
export function startServerListPingResponder(
  options: ServerListPingResponderOptions,
): Promise<ServerListPingResponder> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, options);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', () => undefined);
      resolve({
        port: (server.address() as net.AddressInfo).port,
        connections: () => connections,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            if (!server.listening) return done();
            server.close(() => done());
          }),
      });
    });
  });
}
