import { LEVEL_MODES, SOCIAL_FIELDS } from '../players/player.constants';

/** Shows an untrusted value inside a message: at most 64 characters, control characters replaced. */
function quote(value: string): string {
  const shown = value.length > 64 ? `${value.slice(0, 64)}…` : value;
  return `"${shown.replace(/[\p{Cc}\p{Cs}]/gu, '?')}"`;
}

/**
 * The Czech reasons an event is rejected with (listed in the ingestor's answer, `rejected[].error`).
 * Each names the field in the form the game server sent it.
 */
export const EVENT_ERRORS = {
  notAnObject: (): string => 'Událost musí být objekt JSON.',
  missing: (field: string): string => `Chybí povinné pole "${field}".`,
  id: (): string => 'Pole "id" musí mít 1–64 znaků z [A-Za-z0-9._:-].',
  actionNotText: (): string => 'Pole "action" musí být text.',
  unknownAction: (action: string): string => `Neznámá akce ${quote(action)}.`,
  uuid: (): string => 'Pole "uuid" musí být UUID (8-4-4-4-12 hex).',
  nick: (): string => 'Pole "nick" musí mít 1–32 znaků z [A-Za-z0-9_.*-].',
  text: (field: string, max: number): string =>
    `Pole "${field}" musí být neprázdný text o délce nejvýše ${max} znaků bez řídicích znaků.`,
  optionalText: (field: string, max: number): string =>
    `Pole "${field}" musí být text o délce nejvýše ${max} znaků bez řídicích znaků.`,
  date: (): string =>
    'Pole "date" musí být celé číslo (milisekundy od roku 1970), nejvýše 24 hodin po přijetí události.',
  integer: (field: string): string => `Pole "${field}" musí být celé číslo.`,
  unsafeNumber: (field: string): string =>
    `Pole "${field}" je číslo větší než 2^53, které JSON nepřenese přesně; pošli ho jako text.`,
  outOfRange: (field: string): string => `Pole "${field}" musí být celé číslo v rozsahu ±9007199254740991.`,
  nonNegativeInteger: (field: string, max: number): string =>
    `Pole "${field}" musí být nezáporné celé číslo nejvýše ${max}.`,
  rankId: (): string => 'Pole "new_value" musí být nezáporné celé číslo (ID ranku) o nejvýše 20 číslicích.',
  discordId: (): string => 'Pole "new_value" musí být Discord ID (1–20 číslic).',
  achId: (): string => 'Pole "ach_id" musí mít 1–64 znaků z [A-Za-z0-9_.:-].',
  mode: (): string => `Pole "mode" musí být jedno z: ${LEVEL_MODES.join(', ')}.`,
  url: (field: string): string =>
    `Pole "${field}" musí být adresa http:// nebo https:// o délce nejvýše 512 znaků, nebo null.`,
  noSocialField: (): string =>
    `Událost PLAYER_UPDATE_SOCIAL musí obsahovat alespoň jedno z polí status, ${SOCIAL_FIELDS.join(', ')}.`,
} as const;
