/**
 * SCIM answers: the resource as `application/scim+json` with its status, and every refusal in the SCIM error
 * shape (RFC 7644 §3.12) instead of Atrium's envelope: a ScimError as it is, an error of another module by its
 * status (409 is `uniqueness`, a business rule's 422 a 400 `invalidValue`), its message in the caller's language.
 */
import { AppError, ValidationError } from '../../errors.ts';
import { RawReply } from '../../http/route.ts';
import { t, type Lang } from '../../i18n/index.ts';
import { ERROR_SCHEMA, SCIM_MEDIA, ScimError, type ScimType } from './schema.ts';

export function scimReply(body: unknown, status = 200, headers: Record<string, string> = {}): RawReply {
  return new RawReply(status === 204 ? '' : JSON.stringify(body), SCIM_MEDIA, { status, headers });
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/**
 * The SCIM answer of a thrown error (RouteDef.failure, so also the common layers' refusals before the handler: a
 * key that is not valid, a body that is not JSON or too large, a query the route's schema refuses). Undefined for
 * anything that is not a refusal: a 500 is a bug, not input, and keeps the envelope.
 */
export function scimFailure(err: unknown, lang: Lang): RawReply | undefined {
  if (err instanceof ScimError)
    return scimReply(scimErrorBody(err.status, t(lang, err.key, err.params), err.scimType), err.status);
  if (err instanceof AppError && err.status < 500) {
    const fields = err instanceof ValidationError ? err.fields.map((f) => `${f.field}: ${f.message}`) : [];
    const detail = [t(lang, err.key, err.params), ...fields].join('; ');
    const status = err.status === 422 ? 400 : err.status;
    const scimType: ScimType | undefined =
      err.status === 409 ? 'uniqueness' : status === 400 ? 'invalidValue' : undefined;
    return scimReply(scimErrorBody(status, detail, scimType), status);
  }
  // The body parser's refusals (http-errors): not JSON, too large.
  const e = err as { status?: number; statusCode?: number; type?: string; name?: string; message?: string };
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) {
    const syntax =
      e.type === 'entity.parse.failed' || e.name === 'SyntaxError' || /JSON|invalid/i.test(e.message ?? '');
    const key = status === 413 ? 'common.bodyTooLarge' : syntax ? 'common.malformedJson' : 'common.badRequest';
    return scimReply(scimErrorBody(status, t(lang, key), syntax ? 'invalidSyntax' : undefined), status);
  }
  return undefined;
}
