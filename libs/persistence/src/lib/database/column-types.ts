import { ValueTransformer } from 'typeorm';

/**
 * mysql2 returns a BIGINT as a number when it is a safe integer and as a decimal string when it is not
 * (`supportBigNumbers`, data-source.ts); SUM() and other DECIMAL results come as strings. Every BIGINT
 * this service stores is a millisecond timestamp, a duration or a balance within
 * Number.MAX_SAFE_INTEGER (checked at ingestion), so it is read back as a JS number on both dialects.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/** MariaDB stores booleans as TINYINT(1); normalize 0/1 to false/true on both dialects. */
export const tinyintAsBoolean: ValueTransformer = {
  to: (value: boolean | null | undefined) => value,
  from: (value: number | boolean | null) => (value === null ? null : Boolean(value)),
};
