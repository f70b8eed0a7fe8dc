import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { EpochMs } from '../../http/answers.ts';
import { LANGS } from '../../i18n/index.ts';

export { IdParam } from '../../http/validate.ts';

/** A tablet counts as online when it called within this time (docs/product-rules.md R19.3). */
export const ONLINE_WITHIN_MS = 2 * 60_000;
/** A pairing code is valid this long. */
export const CODE_VALID_MS = 10 * 60_000;

const Name = z.string().trim().min(1).max(100);
const AppVersion = z.string().trim().min(1).max(50);
const Screen = z
  .string()
  .trim()
  .regex(/^\d{2,5}x\d{2,5}$/, 'width x height in pixels, like 1280x800');

/** A device is a room's door tablet or the wall screen (docs/product-rules.md R19.12). */
export const PURPOSES = ['door', 'wall'] as const;
export type Purpose = (typeof PURPOSES)[number];

const DoorCodeInput = z.strictObject({
  resourceId: z.number().int().positive().describe('the room the tablet will show'),
  name: Name.optional().describe("the tablet's name; the room's name when left out"),
});
const WallCodeInput = z.strictObject({
  wall: z.literal(true).describe('a wall screen (the dashboard on /wall) instead of a door tablet'),
  panelId: z
    .number()
    .int()
    .positive()
    .nullish()
    .describe('the one dashboard panel the wall shows; every panel (or place) when left out'),
  name: Name.optional().describe("the wall's name; the panel's name (or 'Wall screen') when left out"),
});
export const PairingCodeInput = z.union([DoorCodeInput, WallCodeInput]);
export type PairingCodeInput = z.infer<typeof PairingCodeInput>;
export type WallCodeInput = z.infer<typeof WallCodeInput>;

export const PairingCode = z.object({
  code: z.string().describe('8 digits, answered only here; valid 10 minutes, once'),
  url: z.string().describe("the tablet screen's address on the public base URL, carrying the code (for a QR)"),
  expiresAt: EpochMs,
  purpose: z.enum(PURPOSES),
  resourceId: z.number().nullable().describe("the door tablet's room; null for a wall screen"),
  resourceName: z.string().nullable(),
  panelId: z.number().nullable().describe("the wall screen's one panel; null for every panel, or a door tablet"),
  panelName: z.string().nullable(),
  tabletId: z.number().nullable().describe('the tablet a re-pairing code pairs again'),
});
export type PairingCode = z.infer<typeof PairingCode>;

export const TabletList = PageQuery.extend({
  resourceId: z.coerce.number().int().positive().optional(),
  online: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TabletList = z.infer<typeof TabletList>;

export const TabletView = z.object({
  id: z.number(),
  name: z.string(),
  purpose: z.enum(PURPOSES).describe("'door': a room's door tablet; 'wall': the wall screen"),
  resourceId: z.number().nullable().describe('null for a wall screen'),
  resourceName: z.string().describe("the door tablet's room; empty for a wall screen"),
  panelId: z.number().nullable().describe("the wall screen's one panel; null for every panel, or a door tablet"),
  panelName: z.string().nullable(),
  state: z.enum(['active', 'revoked']),
  online: z.boolean().describe('called within the last two minutes, and not revoked'),
  lastSeenAt: EpochMs.nullable(),
  appVersion: z.string().nullable(),
  screen: z.string().nullable().describe('width x height in pixels'),
  language: z.enum(LANGS),
  pairedAt: EpochMs,
  revokedAt: EpochMs.nullable(),
  reloadRequestedAt: EpochMs.nullable(),
});
export type TabletView = z.infer<typeof TabletView>;

export const RenameTablet = z.strictObject({ name: Name });
export type RenameTablet = z.infer<typeof RenameTablet>;

export const PairInput = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{8}$/, '8 digits'),
  language: z.enum(LANGS).default('cn'),
  appVersion: AppVersion.optional(),
  screen: Screen.optional(),
  purpose: z
    .enum(['door', 'wall'])
    .optional()
    .describe('what the screen asking is: a code made for the other is refused and stays usable (R19.12)'),
});
export type PairInput = z.infer<typeof PairInput>;

export const PadRoom = z.object({
  id: z.number(),
  name: z.string(),
  capacity: z.number(),
  timeZone: z.string(),
});
export type PadRoom = z.infer<typeof PadRoom>;

export const PadMe = z.object({
  tabletId: z.number(),
  name: z.string(),
  purpose: z.enum(PURPOSES).describe("'door': a room's door tablet; 'wall': the wall screen"),
  language: z.enum(LANGS),
  screen: z.string().nullable(),
  room: PadRoom.nullable().describe("the door tablet's room; null for a wall screen"),
  panel: z
    .object({ id: z.number(), name: z.string() })
    .nullable()
    .describe("the wall screen's one panel; null for every panel, or a door tablet"),
  reloadRequested: z.boolean().describe('an administrator asked the tablet to reload; POST /pad/me/reloaded clears it'),
});
export type PadMe = z.infer<typeof PadMe>;

export const Paired = z.object({
  credential: z
    .string()
    .describe('the device credential, answered once: send it as `Authorization: Device <credential>`'),
  tablet: PadMe,
});
export type Paired = z.infer<typeof Paired>;

export const PadSettings = z.strictObject({
  language: z.enum(LANGS).optional(),
  screen: Screen.optional(),
});
export type PadSettings = z.infer<typeof PadSettings>;
