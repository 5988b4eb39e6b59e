import http from 'node:http';

export interface SseMessage {
  id: string;
  data: string;
  /** When the message was parsed (Date.now()). */
  at: number;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The raw body so far (error answers: the whole JSON). */
  text(): string;
  messages: SseMessage[];
  comments: string[];
  /** Resolves when at least `n` messages arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<SseMessage[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a GET as an event-stream client over a plain socket and parses the frames as they arrive. */
export function openStream(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let raw = '';
      let buffer = '';
      const messages: SseMessage[] = [];
      const comments: string[] = [];
      const waiters: Array<() => void> = [];
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let id = '';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) messages.push({ id, data: data.join('\n'), at: Date.now() });
        }
        for (const waiter of waiters.splice(0)) waiter();
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      res.on('error', () => endResolve());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => raw,
        messages,
        comments,
        ended,
        waitFor: (n, timeoutMs = 10_000) =>
          new Promise((ok, fail) => {
            const deadline = setTimeout(
              () => fail(new Error(`only ${messages.length} of ${n} messages within ${timeoutMs} ms`)),
              timeoutMs,
            );
            const check = () => {
              if (messages.length >= n) {
                clearTimeout(deadline);
                ok(messages);
              } else waiters.push(check);
            };
            check();
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
