import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { groupsRoutes } from './routes.ts';
import { GroupsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    groupsService: GroupsService;
  }
}

export { GroupsService } from './service.ts';
export { GROUPS_CAPABILITIES, type GroupsCapability } from './capabilities.ts';
export type { GroupSummary, GroupView } from './schema.ts';
export { changeMembership, groupChoices, groupIdsOf, groupNames, joinGroupsOf } from './membership.ts';

export const groupsModule: AtriumModule = {
  name: 'groups',
  register(container) {
    container.register({ groupsService: asClass(GroupsService).singleton() });
  },
  routes: groupsRoutes,
};
