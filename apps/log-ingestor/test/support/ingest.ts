import type { IngestResponse } from '@craftstats/contracts';

/** Credentials of the two game servers the e2e suites configure. */
export const SURVIVAL_TOKEN = 'survival-token-e2e-0123456789';
export const SKYBLOCK_TOKEN = 'skyblock-token-e2e-9876543210';
export const INGEST_TOKENS = `survival:${SURVIVAL_TOKEN},skyblock:${SKYBLOCK_TOKEN}`;

export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface PostOptions {
  /** Bearer token; `null` sends no Authorization header. Default: the survival token. */
  token?: string | null;
  /** Default `application/json`; `null` sends none. */
  contentType?: string | null;
  /** Extra headers (e.g. a raw Authorization value). */
  headers?: Record<string, string>;
}

/**
 * POST /v1/events. `body` is serialized with JSON.stringify unless it is already a string (to send
 * malformed or hand-written JSON byte for byte).
 */
export async function postEvents<T = IngestResponse>(
  baseUrl: string,
  body: unknown,
  options: PostOptions = {},
): Promise<HttpAnswer<T>> {
  const token = options.token === undefined ? SURVIVAL_TOKEN : options.token;
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  const headers: Record<string, string> = { ...options.headers };
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (contentType !== null) headers['content-type'] = contentType;
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${baseUrl}/v1/events`, {
    method: 'POST',
    headers,
    // A Blob carries no content type of its own, so `contentType: null` really sends none.
    body: contentType === null ? new Blob([payload]) : payload,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text so a failing assertion shows what came back.
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** POST /v1/events that must answer 200; returns the IngestResponse. */
export async function ingestOk(
  baseUrl: string,
  events: unknown[],
  options: PostOptions = {},
): Promise<IngestResponse> {
  const answer = await postEvents(baseUrl, { events }, options);
  if (answer.status !== 200) {
    throw new Error(`POST /v1/events answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

let sequence = 0;

/** A fresh event id, unique within the test process. */
export function nextId(prefix = 'e2e'): string {
  return `${prefix}-${process.pid}-${++sequence}`;
}

/** Sums the answers of several requests. */
export function totals(answers: readonly IngestResponse[]): {
  accepted: number;
  duplicates: number;
  rejected: number;
} {
  return answers.reduce(
    (sum, answer) => ({
      accepted: sum.accepted + answer.accepted,
      duplicates: sum.duplicates + answer.duplicates,
      rejected: sum.rejected + answer.rejected.length,
    }),
    { accepted: 0, duplicates: 0, rejected: 0 },
  );
}
