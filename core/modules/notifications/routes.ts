import type { Cradle } from '../../container.ts';
import { route, type ModuleRoutes } from '../../http/route.ts';
import { CustomInput, CustomList, CustomView, IdParam, RenderedView, TemplateList, TemplatePreview, TemplateUpdate, TemplateView } from './schema.ts';

export function notificationsRoutes({ templatesService: templates, centreService: centre }: Cradle): ModuleRoutes {
  return {
    tag: 'Notifications',
    routes: [
      route<undefined, TemplateList>({
        method: 'get', path: '/sys/templates', permission: 'sys:email:view', query: TemplateList,
        summary: 'Notification templates, per event and language',
        handler: ({ query }) => templates.list(query),
      }),
      route<TemplatePreview>({
        method: 'post', path: '/sys/templates/preview', permission: 'sys:email:view', body: TemplatePreview, response: RenderedView,
        summary: 'Render a template (the given text, or the stored one) with sample data',
        handler: ({ actor, body }) => templates.preview(actor, body),
      }),
      route<undefined, undefined, { id: number }>({
        method: 'get', path: '/sys/templates/:id', permission: 'sys:email:view', params: IdParam, response: TemplateView,
        summary: 'One notification template',
        handler: ({ params }) => templates.get(params.id),
      }),
      route<TemplateUpdate, undefined, { id: number }>({
        method: 'put', path: '/sys/templates/:id', permission: ['sys:email:update', 'sys:email:save'], params: IdParam, body: TemplateUpdate, response: TemplateView,
        summary: 'Change a template\'s subject and content (handlebars; values are HTML-escaped, raw output is refused)',
        handler: ({ actor, params, body }) => templates.update(actor, params.id, body),
      }),
      route<undefined, CustomList>({
        method: 'get', path: '/sys/notifications', permission: 'sys:email:view', query: CustomList,
        summary: 'Custom notifications of the notification centre',
        handler: ({ query }) => centre.list(query),
      }),
      route<CustomInput>({
        method: 'post', path: '/sys/notifications', permission: 'sys:email:add', body: CustomInput, response: CustomView,
        summary: 'Add a custom notification (name, recipient and date required); shown at sign-in on its date',
        handler: ({ actor, body }) => centre.create(actor, body),
      }),
      route<undefined, undefined, { id: number }>({
        method: 'get', path: '/sys/notifications/:id', permission: 'sys:email:view', params: IdParam, response: CustomView,
        summary: 'One custom notification',
        handler: ({ params }) => centre.get(params.id),
      }),
      route<CustomInput, undefined, { id: number }>({
        method: 'put', path: '/sys/notifications/:id', permission: 'sys:email:update', params: IdParam, body: CustomInput, response: CustomView,
        summary: 'Replace a custom notification',
        handler: ({ actor, params, body }) => centre.update(actor, params.id, body),
      }),
      route<undefined, undefined, { id: number }>({
        method: 'delete', path: '/sys/notifications/:id', permission: 'sys:email:delete', params: IdParam,
        summary: 'Delete a custom notification',
        handler: ({ actor, params }) => centre.remove(actor, params.id),
      }),
    ],
  };
}
