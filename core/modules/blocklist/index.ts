import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { BlocklistService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    blocklistService: BlocklistService;
  }
}

export { BlocklistService, type ViolationInput } from './service.ts';

export const blocklistModule: AtriumModule = {
  name: 'blocklist',
  register(container) {
    container.register({ blocklistService: asClass(BlocklistService).singleton() });
  },
};
