import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** One file of the built website, held in memory with its compressed forms. */
export interface WebsiteFile {
  body: Buffer;
  /** Only when smaller than `body`. */
  gzip?: Buffer;
  /** Only when smaller than `body`. */
  brotli?: Buffer;
  contentType: string;
  /** Strong validator: a quoted hash of `body`. */
  etag: string;
}

/** The built website (`vite build` of apps/web): its page and its content-hashed assets. */
export interface WebsiteFiles {
  /** `index.html`: the answer of every page route. */
  page: WebsiteFile;
  /** Files under `assets/`, by their path below it (e.g. `index-3f2a9c.js`). */
  assets: ReadonlyMap<string, WebsiteFile>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Text formats worth compressing (images and fonts are compressed already; source maps are rarely read). */
const COMPRESSIBLE = /\.(html|js|css|svg|json|txt)$/;

function fileOf(name: string, body: Buffer): WebsiteFile {
  const file: WebsiteFile = {
    body,
    contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
  };
  if (COMPRESSIBLE.test(name) && body.length > 256) {
    const gzip = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    if (gzip.length < body.length) file.gzip = gzip;
    if (brotli.length < body.length) file.brotli = brotli;
  }
  return file;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/**
 * Reads the built website from `dir` into memory, compressing each text file once (gzip and brotli,
 * each kept only when smaller). Only files that exist at start are ever served, looked up by name in a
 * map: no path from a request reaches the file system. Returns `null` when `dir` has no `index.html`
 * (the website was not built).
 */
export async function loadWebsiteFiles(dir: string): Promise<WebsiteFiles | null> {
  let page: Buffer;
  try {
    page = await readFile(path.join(dir, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const assetsDir = path.join(dir, 'assets');
  const names = await listFiles(assetsDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const assets = new Map<string, WebsiteFile>();
  for (const name of names) assets.set(name, fileOf(name, await readFile(path.join(assetsDir, name))));
  return { page: fileOf('index.html', page), assets };
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none. A coding
 * listed with `q=0` is refused.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  file: WebsiteFile,
): { name: 'br' | 'gzip'; body: Buffer } | null {
  if (acceptEncoding === undefined) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(coding.trim());
  }
  if (file.brotli !== undefined && accepted.has('br')) return { name: 'br', body: file.brotli };
  if (file.gzip !== undefined && accepted.has('gzip')) return { name: 'gzip', body: file.gzip };
  return null;
}
