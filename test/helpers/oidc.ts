/**
 * A real OpenID provider for tests: the oidc-provider package on a loopback
 * port, with one confidential client and accounts given by the test, and its
 * development interactions (login and consent forms) driven over HTTP the way
 * a browser would, cookies and redirects included.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

interface ProviderLike {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
}
type ProviderCtor = new (issuer: string, configuration: Record<string, unknown>) => ProviderLike;

/** oidc-provider ships no types; it is loaded by a computed name and given the little shape used here. */
async function loadProvider(): Promise<ProviderCtor> {
  const name = 'oidc-provider';
  const mod = (await import(name)) as { default: ProviderCtor };
  return mod.default;
}

export async function startProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUri: string;
  accounts: Record<string, Record<string, unknown>>;
}): Promise<TestProvider> {
  const Provider = await loadProvider();
  // The issuer URL needs the port, so the server listens first and gets its handler once the provider exists.
  const app: { handler?: (req: http.IncomingMessage, res: http.ServerResponse) => void } = {};
  const server = http.createServer((req, res) => {
    if (app.handler) app.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const clientId = 'atrium-test';
  const clientSecret = 'atrium-test-secret-0123456789abcdef';
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    findAccount: (_ctx: unknown, id: string) => {
      const claims = options.accounts[id];
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'], phone: ['phone_number'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['atrium-test-cookie-key'] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  app.handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar, enough for one sign-in at one provider. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows the provider's redirects from `authorizationUrl`, signs in as `accountId` on its login
 * form and grants consent, and returns the URL the provider finally sends the browser to (the
 * redirect URI with code, state and iss). Bounded: at most 12 hops.
 */
export async function authorize(authorizationUrl: string, accountId: string, redirectUri: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(redirectUri)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
      signal: AbortSignal.timeout(10_000),
    });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !prompt)
      throw new Error(`unexpected provider page ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: accountId, password: 'any' } : {}) });
    const submitted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      body: form,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      signal: AbortSignal.timeout(10_000),
    });
    jar.take(submitted);
    if (submitted.status < 300 || submitted.status >= 400)
      throw new Error(
        `provider refused the ${prompt} form: ${submitted.status} ${(await submitted.text()).slice(0, 300)}`,
      );
    url = new URL(submitted.headers.get('location')!, url);
  }
  throw new Error('the provider did not reach the redirect URI within 12 hops');
}
