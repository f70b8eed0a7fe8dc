/**
 * Sign-in through the enterprise chats (POST /sys/wxToken, wxToken3, dingToken, dingTokenQR): the running apps
 * provider (wecom-directory, dingtalk-directory) trades the code the vendor gave the browser for the person, who
 * is then matched to an account like any single sign-on (ProvisioningService: the stored identity link first;
 * otherwise, per the provider's `matchBy` setting, the account of the same username, employee number or e-mail,
 * never an administrator's; otherwise created when `autoCreate` is on, or refused).
 *
 * - A person the vendor reports disabled or gone is refused, linked or not.
 * - A browser flow started here (`GET /sys/chat/start`) has a state of ours (`atr` + 40 hex digits, what WeCom
 *   accepts as a state): single use, ten minutes, and only in the browser that started it (browser.ts). The QR
 *   routes accept nothing else. The in-client routes also take a code with no state or with the fixed state an
 *   administrator put in the application's home URL, since the vendor's client then opens Atrium with the code
 *   itself (its login CSRF exposure is the vendor's design: a code only ever names its own person).
 * - A refused code counts as a failed sign-in of the client address (auth/throttle.ts), which slows guessing.
 * - The vendor's failures carry a reason (plugins/chat-directory-shared/client.ts): a refused code is 401, someone
 *   outside the organisation 403, refused credentials or an unreachable vendor 502 (the administrator's to fix);
 *   none is a 500.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { AppError, BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { ExternalIdentity } from '../../plugin-sdk/index.ts';
import type { ClientMeta, SignInResult } from '../auth/index.ts';
import { assertSameBrowser } from './browser.ts';
import type { ProvisioningService } from './provisioning.ts';
import { putState, takeState } from './states.ts';

export type ChatVendor = 'wecom' | 'dingtalk';

/** The provider that serves each vendor's sign-in, and its name in messages. */
export const CHAT_PROVIDERS: Record<ChatVendor, { plugin: string; name: string }> = {
  wecom: { plugin: 'wecom-directory', name: 'WeCom' },
  dingtalk: { plugin: 'dingtalk-directory', name: 'DingTalk' },
};

const STATE = /^atr[0-9a-f]{40}$/;
const METHOD = 'chat';

interface ChatFlow {
  vendor: ChatVendor;
  qr: boolean;
  redirect?: string;
  browser?: string;
}

export interface ChatSignInBody {
  code: string;
  state?: string;
  tenantId?: string;
  systemcode?: string;
}

/** The settings of the apps provider that the core reads (the provider validated them when they were saved). */
interface MatchSettings {
  matchBy?: 'directoryId' | 'employeeNo' | 'email';
  autoCreate?: boolean;
}

export class ChatSignInService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      config: Config;
      logger: Logger;
      authService: Cradle['authService'];
      pluginHost: Cradle['pluginHost'];
      signInThrottle: Cradle['signInThrottle'];
      ssoProvisioningService: ProvisioningService;
    },
  ) {}

  /** Where the vendor sends the browser back with the code: the console's login page. */
  private redirectUri(): string {
    return `${this.deps.config.publicUrl}/login`;
  }

  /** The vendor whose provider runs as the apps provider, or undefined. */
  async vendor(): Promise<ChatVendor | undefined> {
    const selected = await this.deps.pluginHost.selected('apps');
    return (Object.keys(CHAT_PROVIDERS) as ChatVendor[]).find((v) => CHAT_PROVIDERS[v].plugin === selected);
  }

  private async assertVendor(vendor: ChatVendor): Promise<void> {
    if ((await this.vendor()) !== vendor)
      throw new BadRequestError('sso.methodDisabled', { method: CHAT_PROVIDERS[vendor].name });
  }

  /** A browser flow: the vendor's URL (QR page or in-client authorization) with a new state bound to `browser`. */
  async start(
    qr: boolean,
    redirect: string | undefined,
    browser: string,
  ): Promise<{ url: string; state: string; vendor: ChatVendor }> {
    const vendor = await this.vendor();
    if (!vendor) throw new BadRequestError('sso.methodDisabled', { method: 'WeCom / DingTalk' });
    const state = `atr${randomBytes(20).toString('hex')}`;
    const url = await this.guard(vendor, () =>
      this.deps.pluginHost.call('apps', 'authorizeUrl', (p) => {
        if (!p.authorizeUrl) throw new Error('the apps provider offers no sign-in');
        return p.authorizeUrl(state, this.redirectUri(), { qr });
      }),
    );
    const flow: ChatFlow = { vendor, qr, redirect, browser };
    await putState(this.deps.db, this.deps.clock, state, METHOD, flow);
    return { url, state, vendor };
  }

  /** Completes a sign-in with the code the vendor gave; `browser` is the caller's sign-in cookie. */
  async signIn(
    vendor: ChatVendor,
    qr: boolean,
    body: ChatSignInBody,
    meta: ClientMeta,
    browser: string | undefined,
  ): Promise<SignInResult & { redirect?: string }> {
    const { db, clock, logger, signInThrottle } = this.deps;
    await this.assertVendor(vendor);
    const attempt = { address: meta.ip };
    await signInThrottle.check(attempt);
    let flow: ChatFlow | undefined;
    if (body.state && STATE.test(body.state)) {
      flow = await takeState<ChatFlow>(db, clock, body.state, METHOD);
      if (!flow || flow.vendor !== vendor) throw new UnauthorizedError('sso.stateInvalid');
      assertSameBrowser(flow.browser, browser);
    } else if (qr) throw new UnauthorizedError('sso.stateInvalid');

    let identity: ExternalIdentity;
    try {
      identity = await this.guard(vendor, () =>
        this.deps.pluginHost.call('apps', 'exchangeCode', (p) => {
          if (!p.exchangeCode) throw new Error('the apps provider offers no sign-in');
          return p.exchangeCode(body.code, this.redirectUri());
        }),
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 401) await signInThrottle.failed(attempt);
      throw err;
    }
    const name = CHAT_PROVIDERS[vendor].name;
    const log = { vendor, externalId: identity.externalId };
    if (identity.active === false) {
      logger.info(log, 'sign-in refused: the directory reports the person disabled or gone');
      throw new ForbiddenError('sso.chatUserInactive', { vendor: name });
    }
    const settings = (await this.deps.pluginHost.store.read('apps')).raw as MatchSettings;
    const user = await this.deps.ssoProvisioningService
      .resolve(
        {
          source: vendor,
          externalId: identity.externalId,
          attributes: { ...identity },
          fallbackUsername: identity.externalId,
        },
        {
          autoCreate: settings.autoCreate === true,
          matchByUsername: true,
          matchBy: settings.matchBy === 'employeeNo' || settings.matchBy === 'email' ? settings.matchBy : 'username',
          userMap: {
            username: 'username',
            realName: 'realName',
            email: 'email',
            phone: 'phone',
            employeeNo: 'employeeNo',
          },
        },
      )
      .catch((err: unknown) => {
        if (err instanceof AppError && err.key === 'sso.userNotProvisioned')
          throw new ForbiddenError('sso.chatUnknownPerson', {
            vendor: name,
            name: identity.realName ?? identity.externalId,
          });
        throw err;
      });
    const result = await this.deps.authService.signIn(user, vendor, meta);
    return { ...result, ...(flow?.redirect ? { redirect: flow.redirect } : {}) };
  }

  /** The provider's failures as answers: the reason it gives decides (see the header); the detail goes to the log. */
  private async guard<T>(vendor: ChatVendor, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const reason = (err as { reason?: unknown }).reason;
      const name = CHAT_PROVIDERS[vendor].name;
      this.deps.logger.warn({ vendor, reason, err: (err as Error).message }, 'enterprise chat sign-in failed');
      if (reason === 'code') throw new UnauthorizedError('sso.chatCodeRefused', { vendor: name });
      if (reason === 'user') throw new ForbiddenError('sso.chatNotMember', { vendor: name });
      throw new AppError(502, 'sso.chatProviderFailed', { vendor: name });
    }
  }
}
