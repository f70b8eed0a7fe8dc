/** What the notification centre's calls let a caller do beyond its screen's single actions. */
import type { CapabilityTable } from '../../capability.ts';

export const NOTIFICATIONS_CAPABILITIES = {
  /** Change a message template (the screen's update or save). */
  'notifications.editTemplates': ['sys:email:update', 'sys:email:save'],
} as const satisfies CapabilityTable<'notifications'>;

export type NotificationsCapability = keyof typeof NOTIFICATIONS_CAPABILITIES;
