/**
 * Who calls the SCIM service: an API key (core/modules/keys) holding the SCIM scope. Provisioners send it as
 * `Authorization: Bearer <key>`, which the common check (core/http/authenticate.ts) reads as a session token, so
 * the routes are public to that check and the key is resolved here, by the keys module's own resolver (expiry,
 * revocation and the owner's standing apply). `Authorization: ApiKey` and `X-Api-Key` work too. Anything else is
 * a 401 in the SCIM error shape.
 */
import { holds, WILDCARD, type Actor } from '../../actor.ts';
import type { Cradle } from '../../cradle.ts';
import type { RouteInput } from '../../http/route.ts';
import { SCIM_PERMISSION, ScimError } from './schema.ts';

export async function scimCaller(
  input: Pick<RouteInput<unknown, unknown, unknown>, 'actor' | 'headers' | 'lang' | 'ip'>,
  apiKeyResolver: Cradle['apiKeyResolver'],
): Promise<Actor> {
  let key: Actor | undefined = input.actor.via === 'apiKey' ? input.actor : undefined;
  if (!key) {
    const raw = input.headers.authorization;
    const header = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
    const [scheme, ...rest] = header.split(' ');
    const value = rest.join(' ').trim();
    if (scheme?.toLowerCase() !== 'bearer' || !value) throw new ScimError(401, 'scim.noKey');
    try {
      key = await apiKeyResolver.resolveApiKey(value, { lang: input.lang, ip: input.ip });
    } catch {
      throw new ScimError(401, 'scim.badKey');
    }
  }
  if (!holds(key, SCIM_PERMISSION)) throw new ScimError(401, 'scim.noScope', undefined, { scope: SCIM_PERMISSION });
  // The scope is the grant: the key provisions non-administrator accounts (the SCIM services refuse the others)
  // with the system's authority over them, and every change is logged under the key's owner.
  return {
    userId: key.userId,
    username: key.username,
    permissions: new Set([WILDCARD]),
    lang: input.lang,
    ip: input.ip,
    via: 'apiKey',
  };
}
