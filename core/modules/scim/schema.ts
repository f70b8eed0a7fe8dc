/**
 * SCIM 2.0 (RFC 7643, RFC 7644) as Atrium speaks it: the schema URNs, the resources' shapes, the error every
 * refusal answers, and the loose input schemas of the routes (a SCIM client's body is checked here, by the
 * module, so that a wrong one answers a SCIM error and not the API's envelope). docs/scim.md.
 */
import { z } from 'zod';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

/** The media type of every answer; requests may also come as application/json. */
export const SCIM_MEDIA = 'application/scim+json';
/** Where the service lives, under the API prefix. */
export const SCIM_BASE = '/scim/v2';
/** The `user_identities` source of a provisioned account's externalId. */
export const SCIM_SOURCE = 'scim';
/** The API key scope that admits a caller (menus catalogue: Key Management, SCIM provisioning). */
export const SCIM_PERMISSION = 'sys:secret:scim';
/** The largest page a list answers, whatever `count` asks. */
export const MAX_COUNT = 200;

/** RFC 7644 §3.12 `scimType` values Atrium answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/**
 * A SCIM refusal: its HTTP status, its scimType and a message key (core/i18n/messages/scim.ts) for the detail in
 * the caller's language.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly scimType?: ScimType,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** Any JSON object: SCIM bodies are read by the module, not refused by the common validation. */
export const ScimBody = z.record(z.string(), z.unknown()).describe('a SCIM resource or PatchOp message');
export const ScimQuery = z
  .object({
    filter: z.string().max(2000).optional(),
    startIndex: z.string().max(12).optional(),
    count: z.string().max(12).optional(),
    attributes: z.string().max(2000).optional(),
    excludedAttributes: z.string().max(2000).optional(),
  })
  .describe('RFC 7644 §3.4.2: filter, startIndex (1-based), count');
export type ScimQuery = z.infer<typeof ScimQuery>;
export const ScimIdParam = z.object({ id: z.string().max(200) });

export interface ListResponse<T> {
  schemas: [typeof LIST_SCHEMA];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

export interface ScimMeta {
  resourceType: 'User' | 'Group';
  created: string;
  lastModified: string;
  location: string;
}

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  displayName: string;
  name: { formatted: string; givenName?: string; familyName?: string };
  title?: string;
  active: boolean;
  emails: Array<{ value: string; type: string; primary: boolean }>;
  phoneNumbers: Array<{ value: string; type: string; primary?: boolean }>;
  [ENTERPRISE_SCHEMA]: { employeeNumber: string; department?: string };
  meta: ScimMeta;
}

export interface ScimGroup {
  schemas: string[];
  id: string;
  displayName: string;
  members: Array<{ value: string; display: string; $ref: string }>;
  meta: ScimMeta;
}

/** Paging of a list: `startIndex` is 1-based (values below 1 count as 1), `count` 0 answers only the total. */
export function paging(query: ScimQuery): { startIndex: number; count: number } {
  const number = (text: string | undefined, fallback: number) => {
    if (text === undefined || text.trim() === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n)) throw new ScimError(400, 'scim.badPaging', 'invalidValue');
    return n;
  };
  const startIndex = Math.max(1, number(query.startIndex, 1));
  const count = Math.min(MAX_COUNT, Math.max(0, number(query.count, 100)));
  return { startIndex, count };
}

export const listResponse = <T>(total: number, startIndex: number, items: T[]): ListResponse<T> => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex,
  itemsPerPage: items.length,
  Resources: items,
});

export const iso = (ms: number) => new Date(ms).toISOString();
