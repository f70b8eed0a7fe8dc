import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { dictionaryRoutes } from './routes.ts';
import { DictionaryService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    dictionaryService: DictionaryService;
  }
}

export { DictionaryService } from './service.ts';
export type { DictBranch, DictItem, DictListItem, DictNode, DictSearchResult } from './schema.ts';

export const dictionaryModule: AtriumModule = {
  name: 'dictionary',
  register(container) {
    container.register({ dictionaryService: asClass(DictionaryService).singleton() });
  },
  routes: dictionaryRoutes,
  seed: (c) => c.dictionaryService.seed(),
};
