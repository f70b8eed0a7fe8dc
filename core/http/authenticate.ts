/**
 * How a request proves who it is: the `token` header or `Authorization: Bearer`
 * (an access token), or `Authorization: ApiKey <id>.<secret>` / `X-Api-Key`
 * (an API key, authorised by its scopes), or `Authorization: Device <credential>` (a paired door tablet,
 * admitted only on the routes that declare DEVICE, docs/product-rules.md R19). The resolvers live in the auth,
 * keys and tablets modules; this file only reads the headers.
 */
import type { Actor } from '../actor.ts';
import type { Lang } from '../i18n/index.ts';

export interface CallerInfo {
  lang: Lang;
  ip: string;
}

export interface TokenResolver {
  /** The signed-in user behind an access token; throws UnauthorizedError when it is not valid. */
  resolveAccessToken(token: string, caller: CallerInfo): Promise<Actor>;
}

export interface ApiKeyResolver {
  /** The actor of an API key, its permissions being the key's scopes; throws UnauthorizedError. */
  resolveApiKey(key: string, caller: CallerInfo): Promise<Actor>;
}

export interface DeviceResolver {
  /** The door tablet behind a device credential, marked seen; throws UnauthorizedError when unknown or revoked. */
  resolveDevice(credential: string, caller: CallerInfo & { appVersion?: string }): Promise<Actor>;
}

export type Credential =
  { kind: 'token'; value: string } | { kind: 'apiKey'; value: string } | { kind: 'device'; value: string } | null;

export function readCredential(headers: Record<string, string | string[] | undefined>): Credential {
  const header = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  };
  const authorization = header('authorization');
  if (authorization) {
    const [scheme, ...rest] = authorization.split(' ');
    const value = rest.join(' ').trim();
    if (scheme?.toLowerCase() === 'bearer' && value) return { kind: 'token', value };
    if (scheme?.toLowerCase() === 'apikey' && value) return { kind: 'apiKey', value };
    if (scheme?.toLowerCase() === 'device' && value) return { kind: 'device', value };
  }
  const apiKey = header('x-api-key');
  if (apiKey) return { kind: 'apiKey', value: apiKey };
  const token = header('token');
  if (token && token !== 'null' && token !== 'undefined') return { kind: 'token', value: token };
  return null;
}
