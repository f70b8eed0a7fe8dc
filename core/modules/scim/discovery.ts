/**
 * What the service says about itself (RFC 7643 §5-§7, RFC 7644 §4): ServiceProviderConfig, Schemas and
 * ResourceTypes. Provisioners read them to learn that PATCH and filters work and that bulk, sorting, ETags and
 * password changes do not.
 */
import {
  ENTERPRISE_SCHEMA,
  GROUP_SCHEMA,
  MAX_COUNT,
  RESOURCE_TYPE_SCHEMA,
  SCHEMA_SCHEMA,
  SCIM_PERMISSION,
  ScimError,
  SPC_SCHEMA,
  USER_SCHEMA,
  listResponse,
} from './schema.ts';

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'default';
  uniqueness: 'none' | 'server' | 'global';
  description: string;
  subAttributes?: Attribute[];
}

const attr = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  description,
  ...more,
});

const entry = (what: string) => [
  attr('value', `The ${what}`),
  attr('type', "'work' (the one Atrium keeps), 'mobile', 'home', 'other'"),
  attr('primary', 'Whether this is the primary entry', { type: 'boolean' }),
];

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'An Atrium account',
    attributes: [
      attr('userName', 'Atrium username (no spaces); unique', { required: true, uniqueness: 'server' }),
      attr('name', 'Atrium keeps one real name: formatted, else givenName familyName', {
        type: 'complex',
        subAttributes: [
          attr('formatted', 'Real name'),
          attr('givenName', 'Given name'),
          attr('familyName', 'Family name'),
        ],
      }),
      attr('displayName', 'Real name (preferred over name when both come)'),
      attr('title', 'Position'),
      attr('active', 'false disables the account: sessions end, API keys are revoked', { type: 'boolean' }),
      attr('emails', 'The work (else primary, else first) address is kept', {
        type: 'complex',
        multiValued: true,
        subAttributes: entry('e-mail address'),
      }),
      attr('phoneNumbers', 'The work (else mobile, else primary, else first) number is kept', {
        type: 'complex',
        multiValued: true,
        subAttributes: entry('phone number'),
      }),
    ],
  },
  {
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [attr('employeeNumber', 'Atrium employee number'), attr('department', 'Atrium department')],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'An Atrium user group',
    attributes: [
      attr('displayName', 'Group name; unique', { required: true, uniqueness: 'server' }),
      attr('members', 'Members by their SCIM User id', {
        type: 'complex',
        multiValued: true,
        subAttributes: [
          attr('value', 'User id', { mutability: 'immutable' }),
          attr('display', 'Username', { mutability: 'readOnly' }),
          attr('$ref', 'The User resource', { type: 'reference', mutability: 'readOnly' }),
        ],
      }),
    ],
  },
];

function withMeta<T extends { id: string }>(base: string, path: string, schema: string, items: T[]) {
  return items.map((i) => ({
    schemas: [schema],
    ...i,
    meta: { resourceType: path.slice(0, -1), location: `${base}/${path}/${i.id}` },
  }));
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: 'docs/scim.md',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: `An Atrium API key holding the ${SCIM_PERMISSION} scope, sent as Authorization: Bearer <key>`,
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function schemas(base: string) {
  const items = withMeta(base, 'Schemas', SCHEMA_SCHEMA, SCHEMAS);
  return listResponse(items.length, 1, items);
}

export function schema(base: string, id: string) {
  const found = withMeta(base, 'Schemas', SCHEMA_SCHEMA, SCHEMAS).find((s) => s.id.toLowerCase() === id.toLowerCase());
  if (!found) throw new ScimError(404, 'scim.noSuchSchema', undefined, { id });
  return found;
}

const RESOURCE_TYPES = [
  {
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'Atrium accounts',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
  },
  {
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'Atrium user groups',
    schema: GROUP_SCHEMA,
    schemaExtensions: [],
  },
];

export function resourceTypes(base: string) {
  const items = withMeta(base, 'ResourceTypes', RESOURCE_TYPE_SCHEMA, RESOURCE_TYPES);
  return listResponse(items.length, 1, items);
}

export function resourceType(base: string, id: string) {
  const found = withMeta(base, 'ResourceTypes', RESOURCE_TYPE_SCHEMA, RESOURCE_TYPES).find(
    (r) => r.id.toLowerCase() === id.toLowerCase(),
  );
  if (!found) throw new ScimError(404, 'scim.noSuchResourceType', undefined, { id });
  return found;
}
