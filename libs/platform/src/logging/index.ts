// Nest-free logging (pino) for processes that are not Nest apps, e.g. the demo simulator.
export { createLogger, flushLogger, prettyLine, type AppLogger } from '../lib/logging/logger';
export { loggingConfig, type LoggingConfig } from '../lib/config/config-parsers';
