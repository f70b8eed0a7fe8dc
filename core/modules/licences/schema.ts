import { z } from 'zod';
import { LicencePayload } from './format.ts';

export const LicenceState = z.enum(['unregistered', 'registered', 'expired', 'dataError']);
export type LicenceState = z.infer<typeof LicenceState>;

const Counts = z.object({ rooms: z.number(), desks: z.number(), devices: z.number() });

export const LicenceStatus = z.object({
  state: LicenceState,
  licence: LicencePayload.nullable().describe('the verified payload; null when unregistered or damaged'),
  installedAt: z.number().nullable().describe('when it was registered here, epoch ms'),
  limits: z
    .object({ rooms: z.number(), desks: z.number(), devices: z.number() })
    .nullable()
    .describe('0 is unlimited; null without a valid licence'),
  usage: Counts,
});
export type LicenceStatus = z.infer<typeof LicenceStatus>;

export const LicenceText = z.strictObject({ content: z.string().min(1).max(65_536) });
export type LicenceText = z.infer<typeof LicenceText>;
