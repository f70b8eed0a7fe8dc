/**
 * Self-registration from the login page (docs/product-rules.md R14.10): a person makes a local account with a
 * username, name, e-mail and a password under the policy. The register page is guarded like sign-in: the address's
 * waits of the sign-in throttle apply, a CAPTCHA is always asked (nothing else stops a script from making accounts),
 * and refusals that tell something (a name already taken, a wrong CAPTCHA) count as failures of the address. While
 * `registerNeedsApproval` is on, the account is kept disabled and marked as waiting until an administrator enables it
 * in User Management.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { runTx } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { Cradle } from '../../cradle.ts';
import { STAFF_ROLE } from '../roles/index.ts';
import { loadUserSettings, passwordErrors, throwIfAny, userFieldErrors } from '../users/index.ts';
import type { CaptchaService } from './captcha.ts';
import type { RsaKeyService } from './rsa-key.ts';
import type { RegisterBody } from './schema.ts';
import type { ClientMeta } from './service.ts';
import type { SignInThrottle } from './throttle.ts';

export interface RegistrationDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  paramsService: Cradle['paramsService'];
  usersService: Cradle['usersService'];
  rolesService: Cradle['rolesService'];
  captchaService: CaptchaService;
  signInThrottle: SignInThrottle;
  rsaKeyService: RsaKeyService;
  operationLog: Cradle['operationLog'];
}

export interface Registered {
  username: string;
  awaitingApproval: boolean;
}

export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /** POST /sys/register. */
  async register(body: RegisterBody, client: ClientMeta): Promise<Registered> {
    const { paramsService, captchaService, signInThrottle, rsaKeyService, usersService } = this.deps;
    const params = await paramsService.getMany(['registerEnabled', 'registerNeedsApproval', 'localLoginEnabled']);
    if (!params.registerEnabled) throw new ForbiddenError('auth.registerOff');
    // A local account nobody could sign in with would only wait for nothing.
    if (!params.localLoginEnabled) throw new ForbiddenError('auth.localLoginOff');
    const address = { address: client.ip };
    await signInThrottle.check(address);
    if (!(await captchaService.consume(body.uuid, body.captcha))) {
      await signInThrottle.failed(address);
      throw new BadRequestError(
        'auth.captchaWrong',
        {},
        { errors: [{ field: 'captcha', message: t(client.lang, 'auth.captchaWrong') }], captchaRequired: true },
      );
    }
    const password = await rsaKeyService.decrypt(body.password);
    const employeeNo = body.employeeNo ?? body.username;
    const settings = await loadUserSettings(paramsService);
    throwIfAny([
      ...userFieldErrors({ employeeNo, email: body.email }, settings, client.lang),
      ...passwordErrors(password, settings, client.lang),
    ]);
    if (await usersService.findByUsername(body.username)) await this.taken(address);
    const awaitingApproval = Boolean(params.registerNeedsApproval);
    const { db, clock, rolesService, operationLog } = this.deps;
    try {
      await runTx(db, async (trx) => {
        const roleId = await rolesService.roleIdByCode(STAFF_ROLE, trx);
        const userId = await usersService.insert(trx, {
          username: body.username,
          realName: body.realName,
          employeeNo,
          password,
          email: body.email,
          roleIds: [roleId],
          awaitingApproval,
        });
        await operationLog.record(
          trx,
          { userId, username: body.username, permissions: new Set(), lang: client.lang, ip: client.ip, via: 'system' },
          {
            action: 'sys.user.register',
            target: userId,
            after: {
              username: body.username,
              realName: body.realName,
              email: body.email,
              employeeNo,
              awaitingApproval,
            },
          },
        );
      });
    } catch (err) {
      // The same name registered twice at once: the second insert meets the unique index.
      if (isUniqueViolation(err)) await this.taken(address);
      throw err;
    }
    this.deps.logger.info({ username: body.username, awaitingApproval, at: clock.now() }, 'account registered');
    return { username: body.username, awaitingApproval };
  }

  /** A taken name tells that the account exists: it counts toward the address's waits like a wrong password. */
  private async taken(address: { address: string }): Promise<never> {
    await this.deps.signInThrottle.failed(address);
    throw new ConflictError('users.duplicateUsername');
  }
}
