import { Body, Controller, Get, Header, HttpCode, Inject, Post, applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_MESSAGES, AccountMeResponse, LoginResponse, RegisterResponse } from '@craftstats/contracts';
import { AUTH_USERNAME_LIMIT_FACTOR } from '../rate-limit/rate-limit.constants';
import { AuthRateLimit, RATE_LIMIT_HEADER_DOCS } from '../rate-limit/rate-limit.decorators';
import {
  AcceptsFormBody,
  AnswerErrorsWith,
  ChecksBodyMediaType,
  ErrorEnvelopeDto,
  FORM_MEDIA_TYPE,
  JSON_MEDIA_TYPE,
  RequestLog,
  RequestLogger,
} from '@craftstats/platform';
import { AccountResultDto } from '../openapi/openapi.schemas';
import { CurrentStaff } from '../auth/current-staff.decorator';
import { StaffOnly } from '../auth/staff-only.decorator';
import { StaffPrincipal } from '../auth/auth.types';
import {
  AccountMeResponseDto,
  LOGIN_FIELDS,
  LoginDto,
  LoginSuccessDto,
  REGISTER_FIELDS,
  RegisterDto,
} from './accounts.dto';
import { AccountErrorAnswer } from './accounts.errors';
import {
  ACCOUNT_BODY_MESSAGES,
  ACCOUNT_FIELD_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './accounts.dto';
import { AccountsService } from './accounts.service';

/** How the account endpoints take their body (docs/legacy-clients.md). */
const FORM_NOTE =
  'Tělo je JSON, nebo formulář `application/x-www-form-urlencoded` (UTF-8) se stejnými poli, stejnými kontrolami ' +
  'a stejnými odpověďmi; pole uvedené ve formuláři vícekrát je neplatné.';

const accountResult = (status: number, description: string, message: string) =>
  ApiResponse({
    status,
    description,
    type: AccountResultDto,
    example: { success: status === 200, message },
    // The rate-limit hook counts first, so every answer it let through carries the RateLimit headers.
    headers: RATE_LIMIT_HEADER_DOCS,
  });

const bodyErrors = [
  ApiResponse({
    status: 413,
    description: 'Tělo požadavku je větší než 16 KiB.',
    type: AccountResultDto,
    example: { success: false, message: ACCOUNT_BODY_MESSAGES.PAYLOAD_TOO_LARGE },
    // Answered before the hook counts the request: the headers show the client's counter unchanged.
    headers: RATE_LIMIT_HEADER_DOCS,
  }),
  ApiResponse({
    status: 415,
    description: 'Tělo není `application/json` ani `application/x-www-form-urlencoded` (v UTF-8).',
    type: AccountResultDto,
    example: { success: false, message: ACCOUNT_BODY_MESSAGES.UNSUPPORTED_MEDIA_TYPE },
    headers: RATE_LIMIT_HEADER_DOCS,
  }),
];

/**
 * `POST /account/<path>`: a JSON or form body, answered 200 in the `{ success, message }` shape (also
 * for failures), never cached, counted by the account rate limits. The media type is checked before
 * the rate limit counts (a `preValidation` hook runs before the `preHandler` one), so a 415 is not counted.
 */
function AccountForm(path: string): MethodDecorator {
  return applyDecorators(
    ApiConsumes(JSON_MEDIA_TYPE, FORM_MEDIA_TYPE),
    AcceptsFormBody(),
    ChecksBodyMediaType(),
    AuthRateLimit(),
    AnswerErrorsWith(AccountErrorAnswer),
    Header('cache-control', 'no-store'),
    HttpCode(200),
    Post(path),
  );
}

/**
 * Staff accounts: register and login answer the original API's `{ success, message }` shape
 * (their route's answer shape, `AccountErrorAnswer`); `/account/me` is a normal authenticated endpoint with the envelope.
 */
@ApiTags('Účty')
@Controller('account')
export class AccountsController {
  constructor(@Inject(AccountsService) private readonly accounts: AccountsService) {}

  @AccountForm('register')
  @ApiOperation({
    summary: 'Nastavení hesla člena týmu',
    description:
      'Nastaví (nebo změní) heslo člena týmu do administrace. Vyžaduje tajný `adminKey` serveru, který se ověřuje jako první ' +
      `(v konstantním čase). Člen týmu je hráč, jehož aktuální rank je v STAFF_RANK_IDS. Heslo musí mít ${PASSWORD_MIN_LENGTH} až ` +
      `${PASSWORD_MAX_LENGTH} znaků; ukládá se jen jeho hash argon2id a nikdy se neloguje ani nevrací. Omezeno počtem pokusů ` +
      `za minutu: RATE_LIMIT_AUTH z jedné adresy (pro jakákoli jména) a ${AUTH_USERNAME_LIMIT_FACTOR}× tolik pro jedno uživatelské jméno ` +
      'ze všech adres dohromady; pokusy odmítnuté limitem adresy se do limitu jména nepočítají, takže útočník z jedné ' +
      'adresy nemůže člena týmu zablokovat. ' +
      FORM_NOTE,
  })
  @ApiBody({ type: RegisterDto })
  @applyDecorators(
    accountResult(200, 'Heslo bylo nastaveno.', ACCOUNT_MESSAGES.PASSWORD_SET),
    accountResult(
      400,
      'Chybí nebo je neplatné pole, tělo obsahuje jiné pole (zpráva pole jmenuje), nebo heslo nesplňuje pravidla.',
      ACCOUNT_FIELD_MESSAGES.missing('adminKey', Object.keys(REGISTER_FIELDS)),
    ),
    accountResult(
      403,
      'adminKey se neshoduje s ADMIN_KEY serveru (bez nastaveného ADMIN_KEY vždy).',
      ACCOUNT_MESSAGES.ADMIN_KEY_MISMATCH,
    ),
    accountResult(404, 'Uživatelské jméno nepatří žádnému členovi týmu.', ACCOUNT_MESSAGES.UNKNOWN_USERNAME),
    accountResult(
      503,
      'Uložení hesla selhalo (např. nedostupná databáze); zkus to za chvíli.',
      ACCOUNT_MESSAGES.UPDATE_FAILED,
    ),
    ...bodyErrors,
  )
  async register(
    @Body() body: RegisterDto,
    @RequestLogger('Accounts') log: RequestLog,
  ): Promise<RegisterResponse> {
    await this.accounts.register(body, log);
    return { success: true, message: ACCOUNT_MESSAGES.PASSWORD_SET };
  }

  @AccountForm('login')
  @ApiOperation({
    summary: 'Přihlášení člena týmu',
    description:
      'Ověří uživatelské jméno a heslo člena týmu a vrátí JWT (HS256) platný přesně 4 hodiny. Neznámé jméno, hráč mimo tým, ' +
      'účet bez hesla i špatné heslo dostanou stejnou odpověď 401 se stejně dlouhou prací serveru. Omezeno počtem pokusů ' +
      `za minutu: RATE_LIMIT_AUTH z jedné adresy (pro jakákoli jména) a ${AUTH_USERNAME_LIMIT_FACTOR}× tolik pro jedno uživatelské jméno ` +
      'ze všech adres dohromady; pokusy odmítnuté limitem adresy se do limitu jména nepočítají, takže útočník z jedné ' +
      'adresy nemůže člena týmu zablokovat. ' +
      FORM_NOTE,
  })
  @ApiBody({ type: LoginDto })
  @ApiResponse({
    status: 200,
    description: 'Přihlášeno; `token` posílej jako `Authorization: Bearer <token>`.',
    type: LoginSuccessDto,
    headers: RATE_LIMIT_HEADER_DOCS,
  })
  @applyDecorators(
    accountResult(
      400,
      'Chybí nebo je neplatné pole, nebo tělo obsahuje jiné pole; zpráva pole jmenuje.',
      ACCOUNT_FIELD_MESSAGES.missing('username', Object.keys(LOGIN_FIELDS)),
    ),
    accountResult(
      401,
      'Neplatné uživatelské jméno nebo heslo (stejná odpověď pro všechny případy).',
      ACCOUNT_MESSAGES.LOGIN_FAILED,
    ),
    accountResult(503, 'Databáze je dočasně nedostupná.', ACCOUNT_BODY_MESSAGES.UNAVAILABLE),
    ...bodyErrors,
  )
  async login(@Body() body: LoginDto, @RequestLogger('Accounts') log: RequestLog): Promise<LoginResponse> {
    const token = await this.accounts.login(body, log);
    return { success: true, message: ACCOUNT_MESSAGES.LOGIN_OK, token };
  }

  @Get('me')
  @Header('cache-control', 'no-store')
  @StaffOnly()
  @ApiOperation({
    summary: 'Přihlášený člen týmu',
    description:
      'Nick, UUID a rank člena týmu, kterému patří předložený token, a kdy token vyprší. Při každém požadavku se ověřuje, ' +
      'že hráč (podle UUID v tokenu) je stále členem týmu (rank v STAFF_RANK_IDS); po změně nicku token platí dál.',
  })
  @ApiResponse({ status: 200, description: 'Přihlášený člen týmu.', type: AccountMeResponseDto })
  @ApiResponse({
    status: 401,
    description:
      'Chybí token, je neplatný, podvržený, vypršel, má čas vydání v budoucnosti, heslo bylo po jeho vydání změněno, ' +
      'nebo hráč už není členem týmu.',
    type: ErrorEnvelopeDto,
  })
  @ApiResponse({ status: 503, description: 'Databáze je dočasně nedostupná.', type: ErrorEnvelopeDto })
  me(@CurrentStaff() staff: StaffPrincipal): AccountMeResponse {
    return {
      status: 200,
      data: { nick: staff.nick, uuid: staff.uuid, rank: staff.rank, expiresAt: staff.expiresAt },
    };
  }
}
