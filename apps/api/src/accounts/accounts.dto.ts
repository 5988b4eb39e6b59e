import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import {
  ACCOUNT_MESSAGES,
  ERROR_MESSAGES,
  AccountMe,
  AccountMeResponse,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
} from '@craftstats/contracts';
import { DtoMessages } from '@craftstats/platform';

/** Shortest and longest accepted password of `/account/register`, in characters (Unicode code points). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Czech messages of the account endpoints beyond the original API's (ACCOUNT_MESSAGES in the contracts):
 * the precise 400s. Candidates for ACCOUNT_MESSAGES.
 */
export const ACCOUNT_BODY_MESSAGES = {
  /** 400 `/account/login`: username or password missing, empty, too long or not text. */
  LOGIN_INVALID: ACCOUNT_MESSAGES.INVALID_BODY,
  /** 400 `/account/register`: username, password or adminKey missing, empty, too long or not text. */
  REGISTER_INVALID: 'Neplatný požadavek: vyplň uživatelské jméno, heslo a adminKey.',
  /** 400: the body is not valid JSON or not a JSON object. */
  MALFORMED: 'Neplatný požadavek: tělo musí být JSON objekt.',
  /** 400 `/account/register`: the password policy. */
  PASSWORD_POLICY: `Heslo musí mít ${PASSWORD_MIN_LENGTH} až ${PASSWORD_MAX_LENGTH} znaků.`,
  PAYLOAD_TOO_LARGE: ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
  /** 415: the account endpoints take JSON and forms (docs/legacy-clients.md). */
  UNSUPPORTED_MEDIA_TYPE:
    'Nepodporovaný typ obsahu, použij application/json nebo application/x-www-form-urlencoded.',
  UNAVAILABLE: ERROR_MESSAGES.UNAVAILABLE,
  INTERNAL_ERROR: ERROR_MESSAGES.INTERNAL_ERROR,
} as const;

/** The JSON body an endpoint expects, as a newcomer types it: `{"username","password"}`. */
export const bodyShape = (fields: readonly string[]): string => `{${fields.map((f) => `"${f}"`).join(',')}}`;

/** 400s that name the field at fault and show the expected body. */
export const ACCOUNT_FIELD_MESSAGES = {
  missing: (field: string, fields: readonly string[]) =>
    `Neplatný požadavek: chybí pole "${field}" (tělo je ${bodyShape(fields)}).`,
  unknown: (field: string, fields: readonly string[]) =>
    `Neplatný požadavek: pole "${field}" není povolené (tělo je ${bodyShape(fields)}).`,
  /** An unknown field whose name is not a plain name (e.g. JSON text sent as a form): not echoed. */
  unknownUnnamed: (fields: readonly string[]) =>
    `Neplatný požadavek: tělo obsahuje pole, které není povolené (tělo je ${bodyShape(fields)}).`,
  invalid: (field: string, maxLength: number) =>
    `Neplatný požadavek: pole "${field}" musí být text o 1 až ${maxLength} znacích.`,
} as const;

/** Longest accepted text of any account field (the body limit is 16 KiB anyway). */
export const ACCOUNT_FIELD_MAX_LENGTH = 1024;
export const USERNAME_MAX_LENGTH = 64;

/** The fields of each body, in the documented order, with their longest accepted length. */
export const LOGIN_FIELDS: Readonly<Record<string, number>> = {
  username: USERNAME_MAX_LENGTH,
  password: ACCOUNT_FIELD_MAX_LENGTH,
};
export const REGISTER_FIELDS: Readonly<Record<string, number>> = {
  ...LOGIN_FIELDS,
  adminKey: ACCOUNT_FIELD_MAX_LENGTH,
};

/** What an unknown field's name must look like to be named in a 400. */
const PLAIN_FIELD_NAME = /^[A-Za-z0-9_]{1,32}$/;

/** The 400s of an account body: they name the field at fault and show the expected body. */
function accountMessages(
  fields: Readonly<Record<string, number>>,
  notAnObject: string,
): Parameters<typeof DtoMessages>[0] {
  const names = Object.keys(fields);
  return {
    notAnObject,
    // A name is shown only when it looks like one: the name of a form field is whatever text came
    // before its "=", which may hold a password when a client sends JSON labelled as a form.
    unknownField: (name) =>
      PLAIN_FIELD_NAME.test(name)
        ? ACCOUNT_FIELD_MESSAGES.unknown(name, names)
        : ACCOUNT_FIELD_MESSAGES.unknownUnnamed(names),
    missingField: (name) => ACCOUNT_FIELD_MESSAGES.missing(name, names),
    invalidField: (name) => ACCOUNT_FIELD_MESSAGES.invalid(name, fields[name] ?? ACCOUNT_FIELD_MAX_LENGTH),
  };
}

/** `username` of both account bodies: a staff member's nick, compared without case. */
function UsernameField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      description: 'Nick člena týmu (na velikosti písmen nezáleží).',
      example: 'Admin_Pepa',
      minLength: 1,
      maxLength: USERNAME_MAX_LENGTH,
    }),
    IsString(),
    Length(1, USERNAME_MAX_LENGTH),
  );
}

@ApiSchema({ name: 'RegisterRequest', description: 'Tělo POST /account/register.' })
@DtoMessages(accountMessages(REGISTER_FIELDS, ACCOUNT_BODY_MESSAGES.REGISTER_INVALID))
export class RegisterDto implements RegisterRequest {
  @UsernameField()
  username!: string;

  @ApiProperty({
    description: `Nové heslo do administrace, ${PASSWORD_MIN_LENGTH} až ${PASSWORD_MAX_LENGTH} znaků. Ukládá se jen jako hash argon2id.`,
    format: 'password',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
  })
  @IsString()
  @Length(1, ACCOUNT_FIELD_MAX_LENGTH)
  password!: string;

  @ApiProperty({
    description: 'Tajný klíč serveru (ADMIN_KEY), který opravňuje k nastavení hesla.',
    format: 'password',
  })
  @IsString()
  @Length(1, ACCOUNT_FIELD_MAX_LENGTH)
  adminKey!: string;
}

@ApiSchema({ name: 'LoginRequest', description: 'Tělo POST /account/login.' })
@DtoMessages(accountMessages(LOGIN_FIELDS, ACCOUNT_BODY_MESSAGES.LOGIN_INVALID))
export class LoginDto implements LoginRequest {
  @UsernameField()
  username!: string;

  @ApiProperty({
    description: 'Heslo do administrace.',
    format: 'password',
    minLength: 1,
    maxLength: ACCOUNT_FIELD_MAX_LENGTH,
  })
  @IsString()
  @Length(1, ACCOUNT_FIELD_MAX_LENGTH)
  password!: string;
}

@ApiSchema({ name: 'LoginSuccess', description: 'Úspěšné přihlášení: JWT pro další požadavky.' })
export class LoginSuccessDto implements Extract<LoginResponse, { success: true }> {
  @ApiProperty({ enum: [true], example: true })
  success!: true;

  @ApiProperty({ example: 'Přihlášení proběhlo úspěšně!' })
  message!: string;

  @ApiProperty({
    description:
      'JWT (HS256) s nároky sub (UUID), nick, rank, iat a exp = iat + 4 hodiny. Posílej jako `Authorization: Bearer <token>` (nebo v hlavičce `x-access-token`).',
  })
  token!: string;
}

@ApiSchema({ name: 'AccountMe', description: 'Přihlášený člen týmu a platnost jeho tokenu.' })
export class AccountMeDto implements AccountMe {
  @ApiProperty({ description: 'Aktuální nick.', example: 'Admin_Pepa' })
  nick!: string;

  @ApiProperty({
    description: 'UUID (s pomlčkami, malými písmeny).',
    example: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  })
  uuid!: string;

  @ApiProperty({ description: 'Aktuální rank (číselný text).', example: '10' })
  rank!: string;

  @ApiProperty({
    description: 'Kdy vyprší předložený token, ms od epochy.',
    example: 1_700_014_400_000,
    type: 'integer',
  })
  expiresAt!: number;
}

@ApiSchema({ name: 'AccountMeResponse' })
export class AccountMeResponseDto implements AccountMeResponse {
  @ApiProperty({ enum: [200], example: 200 })
  status!: 200;

  @ApiProperty({ type: AccountMeDto })
  data!: AccountMeDto;
}
