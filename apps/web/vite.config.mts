import path from 'node:path';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { type Plugin, defineConfig } from 'vite';
import { cs } from './src/i18n/cs';

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, '../..');

/** Fills the page's static texts (title, description) from the one file of Czech texts. */
function czechPage(): Plugin {
  const escape = (text: string): string =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    name: 'craftstats-czech-page',
    transformIndexHtml: (html) =>
      html
        .replace('%SITE_TITLE%', escape(cs.site.title))
        .replace('%SITE_DESCRIPTION%', escape(cs.site.description))
        .replace('%SITE_NOSCRIPT%', escape(cs.site.noScript)),
  };
}

/**
 * The website (apps/web): a single-page app built to static files in dist/apps/web, which the API
 * serves at its own origin (WEB_ENABLED) or any static host can serve (docs/operations.md).
 */
export default defineConfig({
  root: here,
  base: '/',
  // Nothing is copied as is: every file the page needs is imported and gets a content hash.
  publicDir: false,
  plugins: [preact({ prerender: { enabled: false } }), czechPage()],
  resolve: {
    alias: { '@craftstats/contracts': path.join(workspace, 'libs/contracts/src/index.ts') },
  },
  build: {
    outDir: path.join(workspace, 'dist/apps/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Files stay files (no data: URIs in the CSS or JS), so each is cached by its hash.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks and styles each entry loads (read by tools/budget.mjs).
    manifest: true,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
