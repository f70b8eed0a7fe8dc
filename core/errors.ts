/**
 * Errors by meaning, shared by every service. A service throws one with a message
 * key from core/i18n; the error middleware (core/http) sends the class's status and
 * the key's text in the caller's language. Services never touch the response.
 */
import type { MessageParams } from './i18n/index.ts';

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly params: MessageParams;
  /** Extra payload for the client (e.g. conflicting ranges), sent next to code and msg. */
  readonly details: Record<string, unknown>;

  constructor(status: number, key: string, params: MessageParams = {}, details: Record<string, unknown> = {}) {
    super(key);
    this.name = new.target.name;
    this.status = status;
    this.key = key;
    this.params = params;
    this.details = details;
  }
}

/** 400: input that does not match its schema. */
export class ValidationError extends AppError {
  constructor(
    readonly fields: FieldError[],
    key = 'common.validation',
    params: MessageParams = {},
  ) {
    super(400, key, params, { errors: fields });
  }
}

/** 400: a request that is wrong as a whole (no body, unreadable file, ...). */
export class BadRequestError extends AppError {
  constructor(key: string, params: MessageParams = {}, details: Record<string, unknown> = {}) {
    super(400, key, params, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(key = 'common.unauthorized', params: MessageParams = {}) {
    super(401, key, params);
  }
}

export class ForbiddenError extends AppError {
  constructor(key = 'common.forbidden', params: MessageParams = {}) {
    super(403, key, params);
  }
}

export class NotFoundError extends AppError {
  constructor(entity: string, id?: string | number) {
    super(404, 'common.entityNotFound', { entity, id: id === undefined ? undefined : String(id) });
  }
}

/** 409: the request collides with the current state (taken slot, duplicate name). */
export class ConflictError extends AppError {
  constructor(key: string, params: MessageParams = {}, details: Record<string, unknown> = {}) {
    super(409, key, params, details);
  }
}

/** 422: well-formed, but a business rule refuses it. */
export class BusinessRuleError extends AppError {
  constructor(key: string, params: MessageParams = {}, details: Record<string, unknown> = {}) {
    super(422, key, params, details);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(key = 'common.tooMany', params: MessageParams = {}) {
    super(429, key, params);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(key = 'common.bodyTooLarge', params: MessageParams = {}) {
    super(413, key, params);
  }
}
