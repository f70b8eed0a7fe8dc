/** Integrations (/inte): one generic screen per kind, lazily loaded, for the console's screen list. */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection } from '../../app/sections.ts';

/** The screen of one integration kind, by its screen name (`fr` for face recognition). */
export const inteScreen = (name: string) =>
  lazyScreen(() => import('./InteScreen.tsx').then((m) => ({ default: m.makeInteScreen(name) })));

export const inteSection = defineSection('/inte', 'Integrations', {
  environment: { title: 'Environment Detection', screen: inteScreen('environment') },
  occupancy: { title: 'Presence Detection', screen: inteScreen('occupancy') },
  fr: { title: 'Face Recognition', screen: inteScreen('fr') },
  esl: { title: 'Electronic Labels', screen: inteScreen('esl') },
  ar: { title: 'Access Control', screen: inteScreen('ar') },
  notify: { title: 'Notifications', screen: inteScreen('notify') },
  app: { title: 'Third-party Apps', screen: inteScreen('app') },
  event: { title: 'Booking Sync', screen: inteScreen('event') },
  switch: { title: 'Switches', screen: inteScreen('switch') },
});
