/**
 * Directory sync (docs/product-rules.md R21): the apps provider's people become accounts, are kept up to date, and
 * leavers are disabled. Runs nightly in full, incrementally every `directoryIncrementMinutes`, and on demand from
 * the console (`POST /inte/app/directory/sync`) and the CLI (`atrium directory sync`). Directory groups give roles
 * and user groups through the group mapping, at every sync and sign-in (mapping.ts).
 */
import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { directoryRoutes } from './routes.ts';
import { GroupMappingService } from './mapping.ts';
import { DirectoryService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    directoryService: DirectoryService;
    directoryGroupMaps: GroupMappingService;
  }
}

export { DirectoryService, sourceOf, type Progress } from './service.ts';
export { GroupMappingService } from './mapping.ts';

/** Whether a scheduled run has anything to do: a provider that lists people. */
async function scheduled(c: Parameters<NonNullable<AtriumModule['jobs']>>[0], mode: 'full' | 'incremental') {
  // A provider chosen for sign-in alone must not start creating accounts on its own.
  if (!(await c.paramsService.get('directoryAutoSync'))) return;
  if (mode === 'incremental') {
    const minutes = Number(await c.paramsService.get('directoryIncrementMinutes'));
    const last = await c.directoryService.lastFinishedAt();
    if (minutes === 0 || (last !== null && c.clock.now() - last < minutes * 60_000)) return;
  }
  try {
    await c.directoryService.run(null, { mode, dryRun: false, confirm: false });
  } catch (err) {
    // No directory provider, or a run from the console going on: nothing to do now.
    if ((err as { status?: number }).status !== 422 && (err as { status?: number }).status !== 409) throw err;
  }
}

export const directoryModule: AtriumModule = {
  name: 'directory',
  register(container) {
    container.register({
      directoryService: asClass(DirectoryService).singleton(),
      directoryGroupMaps: asClass(GroupMappingService).singleton(),
    });
  },
  routes: directoryRoutes,
  jobs: (c) => [
    { name: 'directory.full', everySeconds: 86_400, run: () => scheduled(c, 'full') },
    { name: 'directory.increment', everySeconds: 60, run: () => scheduled(c, 'incremental') },
  ],
};
