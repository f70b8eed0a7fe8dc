/**
 * The login entry points of SPEC.md §2.7 that arrive in the URL hash: a token
 * (with an optional logout URL) after an external sign-in, the auth method,
 * and fixSelection (the number minus one picks the login option).
 */
export interface HashEntry {
  token?: string;
  logoutUrl?: string;
  authMethod?: number;
  fixSelection?: number;
  redirect?: string;
}

export function readHashEntry(hash: string): HashEntry {
  const params = new URLSearchParams(hash.replace(/^#\/?\??/, ''));
  const out: HashEntry = {};
  const token = params.get('token');
  if (token) out.token = token;
  const logoutUrl = params.get('logoutUrl');
  if (logoutUrl) out.logoutUrl = logoutUrl;
  const authMethod = Number(params.get('authMethod'));
  if (Number.isInteger(authMethod) && authMethod > 0) out.authMethod = authMethod;
  const redirect = params.get('redirect');
  if (redirect) out.redirect = redirect;
  const fix = Number(params.get('fixSelection'));
  if (Number.isInteger(fix) && fix > 0) out.fixSelection = fix - 1;
  return out;
}
