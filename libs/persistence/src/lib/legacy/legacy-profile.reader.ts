import { Connection, RowDataPacket, createConnection } from 'mysql2/promise';
import { LEGACY_COLUMNS, LegacyProfileRow, LegacyProfileSource } from '@craftstats/domain';

/** Where the old system's database is (`--from` of `npm run import:legacy`, parsed like DATABASE_URL). */
export interface LegacySourceSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** The name a legacy database is known by in the checkpoint table and the output: no credentials. */
export function legacySourceName(settings: LegacySourceSettings): string {
  return `${settings.host}:${settings.port}/${settings.database}`;
}

const SELECT_COLUMNS = LEGACY_COLUMNS.map((column) => `\`${column}\``).join(', ');

/**
 * Reads `player_profile` of the old system, keyset-paginated by its primary key. The table is latin2
 * (latin2_czech_cs): the connection asks for utf8mb4, so the server converts and Czech letters arrive
 * intact. BIGINT columns come as text, so nothing beyond 2^53 is silently rounded. Adapter of the
 * domain's `LegacyProfileSource` (the import job's read phase).
 */
export class LegacyProfileReader extends LegacyProfileSource {
  private constructor(
    private readonly connection: Connection,
    readonly name: string,
  ) {
    super();
  }

  static async open(settings: LegacySourceSettings): Promise<LegacyProfileReader> {
    const connection = await createConnection({
      host: settings.host,
      port: settings.port,
      user: settings.user,
      password: settings.password,
      database: settings.database,
      charset: 'UTF8MB4_UNICODE_CI',
      supportBigNumbers: true,
      bigNumberStrings: true,
      connectTimeout: 10_000,
    });
    return new LegacyProfileReader(connection, legacySourceName(settings));
  }

  /** Rows after `afterId` (for the ETA). */
  async count(afterId: number): Promise<number> {
    const [rows] = await this.connection.query<RowDataPacket[]>(
      'SELECT COUNT(*) AS n FROM `player_profile` WHERE `id` > ?',
      [afterId],
    );
    return Number(rows[0]?.['n'] ?? 0);
  }

  /** Up to `limit` rows with `id > afterId`, by id. */
  async page(afterId: number, limit: number): Promise<LegacyProfileRow[]> {
    const [rows] = await this.connection.query<RowDataPacket[]>(
      `SELECT ${SELECT_COLUMNS} FROM \`player_profile\` WHERE \`id\` > ? ORDER BY \`id\` LIMIT ?`,
      [afterId, limit],
    );
    return rows as LegacyProfileRow[];
  }

  /**
   * Groups of rows that are the same player: the old unique key compared the uuid text, so a dashed and
   * an undashed (or upper-case) spelling of one uuid could both exist. Each group lists its ids by
   * preference: the row seen online last first (ties: the lowest id). Only well-formed uuids are
   * grouped: an invalid spelling is reported as such.
   */
  async duplicateUuidGroups(): Promise<number[][]> {
    // One pass over the table; only the groups with more than one row come back.
    const [rows] = await this.connection.query<RowDataPacket[]>(
      "SELECT GROUP_CONCAT(`id` ORDER BY `last_online` DESC, `id` SEPARATOR ',') AS ids " +
        'FROM `player_profile` WHERE `uuid` REGEXP ? OR `uuid` REGEXP ? ' +
        "GROUP BY LOWER(REPLACE(`uuid`, '-', '')) HAVING COUNT(*) > 1",
      ['^[0-9A-Fa-f]{32}$', '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'],
    );
    return rows.map((row) => String(row['ids']).split(',').map(Number));
  }

  /** The rows with these ids, by id. */
  async rows(ids: readonly number[]): Promise<LegacyProfileRow[]> {
    if (ids.length === 0) return [];
    const [rows] = await this.connection.query<RowDataPacket[]>(
      `SELECT ${SELECT_COLUMNS} FROM \`player_profile\` WHERE \`id\` IN (?) ORDER BY \`id\``,
      [ids],
    );
    return rows as LegacyProfileRow[];
  }

  async close(): Promise<void> {
    await this.connection.end();
  }
}
