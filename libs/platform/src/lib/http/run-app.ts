import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { JsonLogger } from '../logging/json-logger';

/**
 * Entry point shared by both apps: validate the configuration (a bad value stops the process with a
 * message naming the variable), build the app, listen, and log where.
 */
export async function runApp(
  name: string,
  build: (config: AppConfig, logger: JsonLogger) => Promise<NestFastifyApplication>,
  port: (config: AppConfig) => number,
): Promise<void> {
  const logger = new JsonLogger(name);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Before the configuration is known there is no log format either: one plain line on stderr.
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  try {
    const app = await build(config, logger);
    await app.listen(port(config), config.host);
    new Logger('Bootstrap').log({ msg: `${name} listening`, url: await app.getUrl() });
  } catch (error) {
    logger.fatal(error instanceof Error ? error : String(error), 'Bootstrap');
    process.exit(1);
  }
}
