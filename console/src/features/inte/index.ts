/** Integrations (/inte): one generic screen per kind, lazily loaded, for the shell's screen table. */
import { lazyScreen } from '../../app/lazy.ts';

const screen = (name: string) =>
  lazyScreen(() => import('./InteScreen.tsx').then((m) => ({ default: m.makeInteScreen(name) })));

export const InteScreens = {
  environment: screen('environment'),
  occupancy: screen('occupancy'),
  fr: screen('fr'),
  esl: screen('esl'),
  ar: screen('ar'),
  notify: screen('notify'),
  app: screen('app'),
  event: screen('event'),
  switch: screen('switch'),
};
