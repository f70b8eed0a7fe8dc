/**
 * Everything that hears of every change through the dispatcher, named in one
 * place. A feature that must not miss a change (door grants, webhooks, ...)
 * adds its target here; best-effort listeners use the bus instead.
 */
import type { Cradle } from '../../cradle.ts';
import { calendarWork } from '../../plugin-host/index.ts';
import type { ChangeTarget } from './types.ts';

export function changeTargets(c: Cradle): ChangeTarget[] {
  return [
    { name: 'notify', plan: (change) => c.notificationsService.outboxWork(change) },
    { name: 'calendar', plan: (change) => calendarWork(change, () => c.pluginHost.selected('calendar')) },
    // Door grants, room switches and door labels (docs/product-rules.md R20): the building module says what a
    // change means. Labels are coalesced: their items name their own keys (R20.4).
    { name: 'access', plan: (change) => c.buildingService.accessWork(change) },
    { name: 'switch', plan: (change) => c.buildingService.switchWork(change) },
    { name: 'eink', plan: (change) => c.buildingService.einkWork(change) },
    // Webhook subscriptions (docs/product-rules.md R24.2).
    { name: 'webhooks', plan: (change) => c.webhooksService.plan(change) },
    // The waitlist: time freed on a resource serves its line (docs/product-rules.md R25.4).
    { name: 'waitlist', plan: (change) => c.waitlistService.plan(change) },
  ];
}
