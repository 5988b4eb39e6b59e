import http, { IncomingHttpHeaders } from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP/1.1 request with node:http: any method and any header (fetch forbids some, e.g. Host,
 * and never sends CONNECT), on its own connection.
 */
export function httpRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: Number(url.port),
        method: options.method ?? 'GET',
        path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${options.method ?? 'GET'} ${path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes `raw` bytes on a new connection and resolves with everything read until the server closes it (or `ms`). */
export function rawExchange(baseUrl: string, raw: string, ms = 5_000): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, ms);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (received !== '') resolve(received);
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('connect', () => socket.write(raw));
  });
}

/** One parsed HTTP/1.1 answer (content-length delimited); `body` decoded as UTF-8. */
export interface RawConnectionAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One client connection kept open across requests (keep-alive), written byte for byte: for tests of
 * what the server does with a connection, e.g. while it shuts down. Answers are read in order.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private ended = false;
  /** Resolves when the server (or the client) closed the connection. */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', () => {
        this.ended = true;
        this.waiting?.();
        resolve();
      });
    });
    // A reset is reported by the answers that do not come; `closed` still resolves.
    socket.on('error', () => undefined);
  }

  /** Opens a connection and resolves once it is established. */
  static open(baseUrl: string): Promise<RawConnection> {
    const url = new URL(baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes `raw` (on the wire once this returns, unless the kernel's buffer is full). */
  write(raw: string | Buffer): void {
    this.socket.write(raw);
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The next complete answer; rejects when the connection closes first or after `ms`. */
  async nextAnswer(ms = 15_000): Promise<RawConnectionAnswer> {
    const deadline = Date.now() + ms;
    for (;;) {
      const answer = this.take();
      if (answer !== undefined) return answer;
      if (this.ended) {
        throw new Error(`connection closed without a (complete) answer: ${JSON.stringify(this.rest())}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${ms} ms: ${JSON.stringify(this.rest())}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = undefined;
    }
  }

  private rest(): string {
    return this.buffer.subarray(0, 300).toString('latin1');
  }

  private take(): RawConnectionAnswer | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return undefined;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
