import { DataSource } from 'typeorm';
import { isDatabaseUnavailableError } from './database-errors';

/**
 * DI token of the DataSource for public reads: with read replicas (DATABASE_REPLICA_URLS) one built by
 * `createReadDataSource`, else the primary DataSource itself. Provided by the platform's DatabaseModule.
 */
export const PUBLIC_READ_DATA_SOURCE = 'PUBLIC_READ_DATA_SOURCE';

/** True for a DataSource that routes reads to replicas (TypeORM `replication` options). */
export function hasReplicas(dataSource: DataSource): boolean {
  return 'replication' in dataSource.options && dataSource.options.replication !== undefined;
}

/**
 * Wraps a read-only repository on a replica DataSource: a read that fails because its connection
 * went away (a replica stopped or crashed while the query ran on one of its pooled connections) runs
 * once more; the pool cluster then finds that replica refusing, leaves it out, and the retry lands on
 * the next replica or the primary. Without replicas the repository is returned as it is.
 */
export function retryingReadsOnce<T extends object>(repository: T, dataSource: DataSource): T {
  if (!hasReplicas(dataSource)) return repository;
  return new Proxy(repository, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'constructor') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        try {
          return await method.apply(target, args);
        } catch (error) {
          if (!isDatabaseUnavailableError(error)) throw error;
          return method.apply(target, args);
        }
      };
    },
  });
}
