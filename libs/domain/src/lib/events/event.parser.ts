import { isLevelMode, SOCIAL_FIELDS } from '../players/player.constants';
import { isValidNick, normalizeUuid } from '../players/player.identity';
import { balanceActionParts, isBalanceAction, isEventAction } from './event.actions';
import { EVENT_ERRORS } from './event.messages';
import type { EventBase, GameEvent, SocialUpdate } from './event.types';

export type ParseResult = { ok: true; event: GameEvent } | { ok: false; id: string | null; error: string };

export interface ParseContext {
  /** The server name of the ingest token the batch came with; the default of `server`. */
  defaultServer: string;
  /** When the batch was received (ms); the default of `date`. */
  receivedAt: number;
}

const EVENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const ACH_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const NUMERIC_TEXT = /^-?\d{1,20}$/;
const UNSIGNED_TEXT = /^\d{1,20}$/;
/** Control characters and lone surrogates (which a JSON `\ud800` escape can produce). */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;
const HTTP_URL_START = /^https?:\/\//i;
/** `URL` silently strips surrounding whitespace and inner tabs/newlines; such text is refused instead. */
const URL_FORBIDDEN = /[\s\p{Cc}\p{Cs}]/u;
/**
 * How far ahead of the receipt time an event's `date` may be (clock skew between servers). A date
 * further ahead — e.g. microseconds sent as milliseconds — would win every "newest by date" rule for
 * ever, so it is refused.
 */
export const MAX_FUTURE_SKEW_MS = 24 * 60 * 60 * 1000;
/** Counts stored in 32-bit INT columns (achievement points per completion, levels). */
const MAX_INT32 = 2_147_483_647;

/** Thrown by the field readers; caught in `parseEvent` only. */
class InvalidEvent extends Error {}

function fail(message: string): never {
  throw new InvalidEvent(message);
}

/**
 * Read-only access to the own data properties of the raw event. Inherited properties, accessors and
 * keys such as `__proto__` or `constructor` are never consulted, and nothing is ever written.
 */
class RawEvent {
  constructor(private readonly raw: object) {}

  get(field: string): unknown {
    return Object.getOwnPropertyDescriptor(this.raw, field)?.value;
  }

  has(field: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.raw, field);
  }

  /** `undefined` and `null` both mean "not sent" for optional fields. */
  optional(field: string): unknown {
    const value = this.get(field);
    return value === null ? undefined : value;
  }

  required(field: string): unknown {
    const value = this.optional(field);
    return value === undefined ? fail(EVENT_ERRORS.missing(field)) : value;
  }
}

/**
 * Whether `text` has more than `max` characters, counted in code points as MySQL counts the
 * characters of a utf8mb4 column. A code point is one or two UTF-16 code units, so most texts are
 * decided by `length` without walking them.
 */
function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  return [...text].length > max;
}

function requiredText(raw: RawEvent, field: string, max: number): string {
  return checkedText(raw.required(field), field, max);
}

function checkedText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || longerThan(value, max) || UNPRINTABLE.test(value) || value.trim() === '') {
    return fail(EVENT_ERRORS.text(field, max));
  }
  return value;
}

/** Text that may be empty. */
function optionalText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || longerThan(value, max) || UNPRINTABLE.test(value)) {
    return fail(EVENT_ERRORS.optionalText(field, max));
  }
  return value;
}

/** A non-negative integer JSON number up to `max` (a safe integer by default). */
function nonNegativeInteger(value: unknown, field: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > max) {
    return fail(EVENT_ERRORS.nonNegativeInteger(field, max));
  }
  return value + 0; // `+ 0` turns -0 into 0
}

/**
 * `old_value` / `new_value`: numeric text, kept exactly as sent, or a safe integer number, converted
 * with String(). Returns `undefined` when not sent.
 */
function numericValue(raw: RawEvent, field: string): string | undefined {
  const value = raw.optional(field);
  if (value === undefined) return undefined;
  if (typeof value === 'string') return NUMERIC_TEXT.test(value) ? value : fail(EVENT_ERRORS.integer(field));
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value);
    // A bigger integer has already lost precision in JSON.parse; only text carries it exactly.
    return fail(Number.isInteger(value) ? EVENT_ERRORS.unsafeNumber(field) : EVENT_ERRORS.integer(field));
  }
  return fail(EVENT_ERRORS.integer(field));
}

function eventDate(raw: RawEvent, receivedAt: number): number {
  const value = raw.optional('date');
  if (value === undefined) return receivedAt;
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value <= 0 ||
    value > receivedAt + MAX_FUTURE_SKEW_MS
  ) {
    return fail(EVENT_ERRORS.date());
  }
  return value;
}

function socialUrl(value: unknown, field: string): string | null {
  if (value === null) return null;
  if (
    typeof value !== 'string' ||
    value.length > 512 ||
    !HTTP_URL_START.test(value) ||
    URL_FORBIDDEN.test(value) ||
    !isHttpUrl(value)
  ) {
    return fail(EVENT_ERRORS.url(field));
  }
  return value;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Only the keys present in the event; `status` is text, the links are URLs or null. */
function socialUpdate(raw: RawEvent): SocialUpdate {
  const social: SocialUpdate = {};
  if (raw.has('status')) social.status = optionalText(raw.get('status'), 'status', 256);
  for (const field of SOCIAL_FIELDS) {
    if (raw.has(field)) social[field] = socialUrl(raw.get(field), field);
  }
  if (Object.keys(social).length === 0) fail(EVENT_ERRORS.noSocialField());
  return social;
}

function parseBase(raw: RawEvent, id: string, ctx: ParseContext): EventBase {
  const action = raw.required('action');
  if (typeof action !== 'string') fail(EVENT_ERRORS.actionNotText());
  if (!isEventAction(action)) fail(EVENT_ERRORS.unknownAction(action));

  const uuid = raw.required('uuid');
  const normalizedUuid = typeof uuid === 'string' ? normalizeUuid(uuid) : null;
  if (normalizedUuid === null) fail(EVENT_ERRORS.uuid());

  const nick = raw.required('nick');
  if (typeof nick !== 'string' || !isValidNick(nick)) fail(EVENT_ERRORS.nick());

  const serverValue = raw.optional('server');
  const server = serverValue === undefined ? ctx.defaultServer : checkedText(serverValue, 'server', 64);
  const senderValue = raw.optional('sender');
  const sender = senderValue === undefined ? server : checkedText(senderValue, 'sender', 64);

  return {
    id,
    action,
    uuid: normalizedUuid,
    nick,
    server,
    sender,
    date: eventDate(raw, ctx.receivedAt),
    oldValue: numericValue(raw, 'old_value') ?? '0',
    newValue: numericValue(raw, 'new_value') ?? '0',
  };
}

/**
 * The event of `base` with the action's own fields: the base fields copied into a fresh object literal,
 * then `specific` assigned onto it (an `action` in `specific` narrows the type, not the value or the
 * key order). Not `{ ...base, ...specific }`: Node 20's V8 takes a slow path for these spreads, ~6 µs
 * per event against ~0.15 µs for this, which made the spread ~80 % of the parser's CPU
 * (docs/ingestion.md, "Less CPU per batch").
 */
function withBase<T extends object>(base: EventBase, specific: T): EventBase & T {
  const event: EventBase = {
    id: base.id,
    action: base.action,
    uuid: base.uuid,
    nick: base.nick,
    server: base.server,
    sender: base.sender,
    date: base.date,
    oldValue: base.oldValue,
    newValue: base.newValue,
  };
  return Object.assign(event, specific);
}

/** Adds the action's own fields and checks the rules that depend on the action. */
function parseSpecific(raw: RawEvent, base: EventBase): GameEvent {
  const { action } = base;
  // Its format was checked with the base fields; here only its presence.
  const requireNewValue = (): void => {
    if (raw.optional('new_value') === undefined) fail(EVENT_ERRORS.missing('new_value'));
  };

  if (isBalanceAction(action)) {
    const { economyType, operation } = balanceActionParts(action);
    // RESET without a value means the balance is reset to 0.
    if (operation !== 'RESET') requireNewValue();
    const amount = Number(base.newValue);
    if (!Number.isSafeInteger(amount)) fail(EVENT_ERRORS.outOfRange('new_value'));
    // `+ 0` turns the -0 of '-0' into 0.
    return withBase(base, { kind: 'balance', action, economyType, operation, amount: amount + 0 });
  }

  switch (action) {
    case 'ECONOMY_REGISTER':
      return withBase(base, { kind: 'register', action });
    case 'ECONOMY_CHANGE_NAME':
      return withBase(base, { kind: 'rename', action });
    case 'PLAYER_UPDATE_RANK':
      requireNewValue();
      if (!UNSIGNED_TEXT.test(base.newValue)) fail(EVENT_ERRORS.rankId());
      return withBase(base, { kind: 'rank', action });
    case 'PLAYER_SET_TAG':
      requireNewValue();
      return withBase(base, { kind: 'tag', action });
    case 'PLAYER_DISCORD_CONNECT':
      requireNewValue();
      if (!UNSIGNED_TEXT.test(base.newValue)) fail(EVENT_ERRORS.discordId());
      return withBase(base, { kind: 'discord', action });
    case 'PLAYER_VOTE':
      return withBase(base, { kind: 'vote', action, site: requiredText(raw, 'site', 64) });
    case 'ACHIEVEMENT_COMPLETE': {
      const achId = raw.required('ach_id');
      if (typeof achId !== 'string' || !ACH_ID.test(achId)) fail(EVENT_ERRORS.achId());
      return withBase(base, {
        kind: 'achievement',
        action,
        achId,
        achName: requiredText(raw, 'ach_name', 128),
        achValue: nonNegativeInteger(raw.required('ach_value'), 'ach_value', MAX_INT32),
      });
    }
    case 'PLAYER_JOIN': {
      const mcVersion = raw.optional('mc_version');
      return withBase(base, {
        kind: 'join',
        action,
        mcVersion: mcVersion === undefined ? '' : optionalText(mcVersion, 'mc_version', 32),
      });
    }
    case 'PLAYER_QUIT':
      return withBase(base, { kind: 'quit', action });
    case 'PLAYER_UPDATE_LEVEL': {
      const mode = raw.required('mode');
      if (!isLevelMode(mode)) fail(EVENT_ERRORS.mode());
      const experience = raw.optional('experience');
      return withBase(base, {
        kind: 'level',
        action,
        mode,
        level: nonNegativeInteger(raw.required('level'), 'level', MAX_INT32),
        experience: experience === undefined ? 0 : nonNegativeInteger(experience, 'experience'),
      });
    }
    case 'PLAYER_UPDATE_SOCIAL':
      return withBase(base, { kind: 'social', action, social: socialUpdate(raw) });
    default:
      return assertNever(action);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled event action: ${String(value)}`);
}

/**
 * Validates one raw event sent by a game server (untrusted JSON) against the event rules
 * (docs/ingestion.md, "Request" and "Actions and their effect") and returns it normalized, or the first
 * problem found as a Czech sentence. Unknown extra fields are ignored. `id` is reported back whenever it
 * was itself valid, so the sender can match the rejection.
 */
export function parseEvent(raw: unknown, ctx: ParseContext): ParseResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, id: null, error: EVENT_ERRORS.notAnObject() };
  }
  const event = new RawEvent(raw);
  const id = event.optional('id');
  const validId = typeof id === 'string' && EVENT_ID.test(id) ? id : null;
  try {
    if (validId === null) fail(id === undefined ? EVENT_ERRORS.missing('id') : EVENT_ERRORS.id());
    return { ok: true, event: parseSpecific(event, parseBase(event, validId, ctx)) };
  } catch (error) {
    if (error instanceof InvalidEvent) return { ok: false, id: validId, error: error.message };
    throw error;
  }
}
