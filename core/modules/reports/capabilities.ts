/** Reports: everyone with the screen sees their own; downloading is what lets one see and fetch everyone's. */
import type { CapabilityTable } from '../../capability.ts';

export const REPORTS_CAPABILITIES = {
  'reports.seeAll': ['room:report:export'],
} as const satisfies CapabilityTable<'reports'>;

export type ReportsCapability = keyof typeof REPORTS_CAPABILITIES;
