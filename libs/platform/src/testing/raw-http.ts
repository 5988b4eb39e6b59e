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
