/**
 * How a feature tells the console about its screens: its section (path and
 * English title) and, per screen, the path below the section, the English
 * title (the key of its translated title, `routes.<title>`) and the lazy
 * screen. app/screens.ts gathers every feature's section into the one list
 * the router, the tabs and the titles read.
 */
import type { ComponentType, LazyExoticComponent } from 'react';

export type LazyScreen = LazyExoticComponent<ComponentType>;

export interface ScreenDef {
  title: string;
  screen: LazyScreen;
  /** Shown without the main layout (the dashboard wall screen). */
  bare?: boolean;
}

export interface ScreenEntry extends ScreenDef {
  path: string;
}

export interface Section {
  path: string;
  title: string;
  screens: ScreenEntry[];
}

/** A section from its screens keyed by their path below the section (`setting/sql` for /sys/setting/sql). */
export function defineSection(path: string, title: string, screens: Record<string, ScreenDef>): Section {
  return {
    path,
    title,
    screens: Object.entries(screens).map(([tail, def]) => ({ ...def, path: `${path}/${tail}` })),
  };
}
