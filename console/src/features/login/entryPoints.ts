/**
 * The login entry points that arrive in the URL hash: a token (with an
 * optional logout URL) after an external sign-in, or the server's translated
 * reason when that sign-in was refused, the auth method, and fixSelection (the
 * number minus one picks the login option).
 */
export interface HashEntry {
  token?: string;
  /** A refused external sign-in: the message key and the text in the caller's language. */
  error?: string;
  msg?: string;
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
  const error = params.get('error');
  if (error) out.error = error;
  const msg = params.get('msg');
  if (msg) out.msg = msg;
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
