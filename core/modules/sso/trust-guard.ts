/**
 * Changing where single sign-on takes identities from (a directory, a provider,
 * a certificate) or which identity is whose decides who may sign in as anyone:
 * whoever controls that source can become any account, the administrator's
 * included. So it is the system administrator's act, and confirmed by the person
 * at the keyboard (current password, or a single sign-on minutes ago), never by
 * a screen permission or a stolen session alone.
 */
import type { Actor } from '../../actor.ts';
import { ForbiddenError } from '../../errors.ts';
import type { Cradle } from '../../cradle.ts';

export class TrustGuard {
  constructor(
    private readonly deps: { rolesService: Cradle['rolesService']; reauthentication: Cradle['reauthentication'] },
  ) {}

  /** 403 `sso.adminOnly` unless the actor is the system administrator. */
  async assertAdmin(actor: Actor): Promise<void> {
    if (!(await this.deps.rolesService.isSystemAdmin(actor))) throw new ForbiddenError('sso.adminOnly');
  }

  /** The re-authentication of the auth module: 403 auth.reauthRequired / reauthFailed / reauthPersonOnly. */
  confirm(actor: Actor, encryptedPassword: string | undefined): Promise<void> {
    return this.deps.reauthentication.confirm(actor, encryptedPassword);
  }
}
