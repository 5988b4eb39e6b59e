/**
 * `@craftstats/contracts`: the request/response types, constants and typed fetch clients of the
 * craftstats API and log ingestor. Framework-free; runs in browsers and Node 20+.
 *
 * @packageDocumentation
 */
export * from './lib/common';
export * from './lib/messages';
export * from './lib/leaderboards';
export * from './lib/server-status';
export * from './lib/logs';
export * from './lib/players';
export * from './lib/search';
export * from './lib/web';
export * from './lib/accounts';
export * from './lib/panel';
export * from './lib/events';
export * from './lib/paths';
export {
  ApiError,
  isApiError,
  parseRetryAfter,
  NETWORK_ERROR_MESSAGE,
  type ApiErrorCode,
  type ApiErrorInit,
  type FetchInit,
  type FetchLike,
  type FetchResponseLike,
  type RequestOptions,
} from './lib/clients/http';
export * from './lib/clients/api-client';
export {
  createIngestClient,
  newEventId,
  IngestSendError,
  type IngestClient,
  type IngestClientOptions,
  type IngestRetryInfo,
} from './lib/clients/ingest-client';
export {
  subscribeAchievementsLog,
  subscribeEconomyLog,
  type EventSourceConstructor,
  type EventSourceLike,
  type LogStreamOptions,
  type LogSubscription,
  type StreamEventLike,
} from './lib/clients/log-stream';
