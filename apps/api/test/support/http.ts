export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: T;
  text: string;
}

/** GET `url` and read the whole answer (JSON parsed when there is a body). */
export async function get<T = unknown>(
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text === '' ? undefined : JSON.parse(text)) as T,
    text,
  };
}

/** `{ status: 200, data }` of a successful GET, or a thrown error showing what came back. */
export async function getData<T>(url: string): Promise<T> {
  const answer = await get<{ status: number; data: T }>(url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.text}`);
  return answer.body.data;
}
