/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API when the website is served from another origin (docs/operations.md). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
