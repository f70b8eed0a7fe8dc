/**
 * Every protected screen of the console, gathered once from the feature
 * indexes. The menu the server returns decides which of them a user reaches
 * (route guard, docs/product-rules.md R18.2); a menu path without a screen here shows the
 * "coming" placeholder.
 */
import { centerSection } from '../features/center/index.ts';
import { inteSection } from '../features/inte/index.ts';
import { roomSection } from '../features/room/index.ts';
import { sysSection } from '../features/sys/index.ts';
import { normalise } from './routeTable.ts';
import type { ScreenEntry, Section } from './sections.ts';

export const SECTIONS: readonly Section[] = [centerSection, roomSection, sysSection, inteSection];

export interface KnownRoute {
  path: string;
  title: string;
  screen?: ScreenEntry['screen'];
  bare?: boolean;
}

const byPath = new Map<string, KnownRoute>(
  SECTIONS.flatMap((s) => [
    [s.path, { path: s.path, title: s.title }] as const,
    ...s.screens.map((e) => [e.path, e] as const),
  ]),
);

/** The section or screen at `path`, with its English title. */
export function knownRoute(path: string): KnownRoute | undefined {
  return byPath.get(normalise(path));
}
