import { DomainError } from '../errors/domain-error';

const UNDASHED_UUID = /^[0-9a-fA-F]{32}$/;
const DASHED_UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * Java names are `[A-Za-z0-9_]{3,16}`; Bedrock players joining through Geyser/Floodgate get a
 * prefix such as `.` or `*`, and some proxies use `-`. 32 leaves room for prefixed Bedrock names.
 */
const NICK = /^[A-Za-z0-9_.*-]{1,32}$/;

/**
 * The canonical form of a player UUID: dashed 8-4-4-4-12, lower case.
 *
 * Accepts 32 hex digits or the dashed form, in any case and with any version digit: offline-mode
 * (cracked) accounts have name-based version 3 UUIDs, premium ones version 4. Returns `null` for
 * anything else (no trimming, no braces, no `urn:uuid:` prefix).
 */
export function normalizeUuid(input: string): string | null {
  if (typeof input !== 'string') return null;
  if (DASHED_UUID.test(input)) return input.toLowerCase();
  if (!UNDASHED_UUID.test(input)) return null;
  const hex = input.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isValidNick(nick: string): boolean {
  return typeof nick === 'string' && NICK.test(nick);
}

/** The key nicks are looked up and tie-broken by: nicks are case-insensitive (ASCII only). */
export function nickKey(nick: string): string {
  return nick.toLowerCase();
}

/**
 * The range of nick keys that start with `prefix` (case-insensitive): `from` ≤ key < `until` in binary
 * (code unit) order, the order of the `nick_lower` index on both dialects. `until` is the prefix with
 * its last character's code raised by one, so a range scan of the index finds exactly the keys that
 * start with the prefix, however many players there are. `prefix` must be a non-empty nick prefix.
 */
export function nickPrefixRange(prefix: string): { from: string; until: string } {
  const from = nickKey(prefix);
  const last = from.charCodeAt(from.length - 1);
  return { from, until: `${from.slice(0, -1)}${String.fromCharCode(last + 1)}` };
}

/** 32-bit FNV-1a over the UTF-16 code units of `text` (UUIDs are ASCII, so these are bytes). */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The four-digit discriminator of a player, '0001'..'9999'. Derived from the UUID rather than drawn
 * at random so that a retried or replayed registration yields the same value.
 *
 * @throws DomainError INVALID_UUID when `uuid` is not a UUID.
 */
export function discriminatorFor(uuid: string): string {
  const normalized = normalizeUuid(uuid);
  if (normalized === null) throw DomainError.of('INVALID_UUID');
  return String((fnv1a32(normalized) % 9999) + 1).padStart(4, '0');
}
