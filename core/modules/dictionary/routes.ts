import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { DictInput, DictItem, DictQuery, DictSearchQuery, DictUpdate, IdParam, DictListItem } from './schema.ts';
import { DictNodeView, DictSearchAnswer } from './responses.ts';

export function dictionaryRoutes({ dictionaryService }: Cradle): ModuleRoutes {
  return {
    tag: 'Data dictionary',
    routes: [
      route({
        method: 'get',
        path: '/sys/dict',
        response: pageOf(DictListItem),
        permission: 'sys:dic:view',
        query: DictQuery,
        summary:
          'Dictionary items, paged (children of parentId; 0 for the top level), each with its number of children',
        handler: ({ query }) => dictionaryService.list(query),
      }),
      route({
        method: 'get',
        path: '/sys/dict/tree',
        response: z.array(DictNodeView),
        permission: 'sys:dic:view',
        summary: 'The whole dictionary as a tree (children sorted by sort value)',
        handler: () => dictionaryService.tree(),
      }),
      route({
        method: 'get',
        path: '/sys/dict/search',
        response: DictSearchAnswer,
        permission: 'sys:dic:view',
        query: DictSearchQuery,
        summary:
          'Search the dictionary: the matching items (at most limit) with their ancestors, as branches from the top level',
        handler: ({ query }) => dictionaryService.search(query),
      }),
      route({
        method: 'get',
        path: '/sys/dict/:id',
        permission: 'sys:dic:view',
        params: IdParam,
        response: DictItem,
        summary: 'One dictionary item',
        handler: ({ params }) => dictionaryService.get(params.id),
      }),
      route({
        method: 'post',
        path: '/sys/dict',
        permission: 'sys:dic:add',
        body: DictInput,
        response: DictItem,
        summary: 'Create a dictionary item (sort: positive integer)',
        handler: ({ actor, body }) => dictionaryService.create(actor, body),
      }),
      route({
        method: 'put',
        path: '/sys/dict/:id',
        permission: 'sys:dic:update',
        params: IdParam,
        body: DictUpdate,
        response: DictItem,
        summary: 'Replace a dictionary item (protected items too)',
        handler: ({ actor, params, body }) => dictionaryService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/sys/dict/:id',
        response: NO_DATA,
        permission: 'sys:dic:delete',
        params: IdParam,
        summary: 'Delete a dictionary item: refused for protected items and items with children',
        handler: ({ actor, params }) => dictionaryService.remove(actor, params.id),
      }),
    ],
  };
}
