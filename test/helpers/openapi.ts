/**
 * Holds the API to its own OpenAPI document: every answer a test receives through the shared client
 * (`TestApp.request`) is matched to its operation, and its status, media type and body must be ones the document
 * declares for it. A path no operation has (the API's own 404 and 405) is not checked.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;
interface MediaObject {
  schema?: Schema;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface Matcher {
  pattern: RegExp;
  path: string;
  methods: Record<string, Operation>;
}

/** Compiled once per document: the path matchers and, lazily, one validator per response. */
export class Conformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly matchers: Matcher[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** Operations that answered at least once, as `METHOD path`. */
  readonly seen = new Set<string>();

  constructor(readonly doc: OpenApiDocument) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi');
    // Literal paths first, so /sys/users/export is not read as /sys/users/{id}.
    this.matchers = Object.entries(doc.paths)
      .map(([path, methods]) => ({
        path,
        methods,
        pattern: new RegExp(
          `^${path
            .split(/(\{\w+\})/)
            .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
            .join('')}/?$`,
        ),
      }))
      .sort((a, b) => a.path.split('{').length - b.path.split('{').length);
  }

  /** The operation a request reaches, or undefined when no path of the document matches it. */
  find(method: string, pathname: string): { path: string; operation: Operation } | undefined {
    const path = pathname.split('?')[0]!;
    for (const m of this.matchers) {
      if (!m.pattern.test(path)) continue;
      const operation = m.methods[method.toLowerCase()];
      if (operation) return { path: m.path, operation };
    }
    return undefined;
  }

  /**
   * The reasons an answer does not match the document (empty when it does). `body` is the parsed JSON, or
   * undefined when the answer was not JSON.
   */
  check(method: string, pathname: string, status: number, contentType: string | null, body: unknown): string[] {
    const found = this.find(method, pathname);
    if (!found) return [];
    const name = `${method.toUpperCase()} ${found.path}`;
    this.seen.add(name);
    const response = found.operation.responses[String(status)] ?? found.operation.responses.default;
    if (!response) return [`${name} answered ${status}, which the document does not declare`];
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const content = response.content ?? {};
    if (Object.keys(content).length === 0) return [];
    const mediaKey = Object.keys(content).find((k) => k.toLowerCase() === type);
    if (!mediaKey)
      return [`${name} ${status} answered ${type || 'no body'}; declared: ${Object.keys(content).join(', ')}`];
    if (mediaKey !== 'application/json' || !content[mediaKey]!.schema) return [];
    const key = `${found.path} ${method.toLowerCase()} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const pointer = ['paths', found.path, method.toLowerCase(), 'responses', String(status), 'content', mediaKey]
        .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/');
      validate = this.ajv.compile({ $ref: `openapi#/${pointer}/schema` });
      this.validators.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${name} ${status}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  }
}

/** Throws when an answer does not match the document, naming each difference. */
export function assertConforms(
  conformance: Conformance,
  method: string,
  pathname: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  const problems = conformance.check(method, pathname, status, contentType, body);
  if (problems.length > 0)
    throw new Error(`The answer does not match the OpenAPI document:\n${problems.slice(0, 10).join('\n')}`);
}
