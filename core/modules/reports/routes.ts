import fs from 'node:fs';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { RawReply, route, type ModuleRoutes, NO_DATA, media } from '../../http/route.ts';
import { IdParam, ReportList, ReportRequest, ReportView } from './schema.ts';

export function reportsRoutes({ reportsService }: Cradle): ModuleRoutes {
  return {
    tag: 'Reports',
    routes: [
      route({
        method: 'get',
        path: '/room/reports',
        response: pageOf(ReportView),
        permission: 'room:report:view',
        query: ReportList,
        summary: "Reports requested (one's own; all of them with room:report:export)",
        handler: ({ actor, query }) => reportsService.list(actor, query),
      }),
      route({
        method: 'post',
        path: '/room/reports',
        permission: 'room:report:add',
        body: ReportRequest,
        response: ReportView,
        summary: 'Request a report: bookings, utilisation, noShows or charges, for a date range (not a single day)',
        handler: ({ actor, body }) => reportsService.request(actor, body),
      }),
      route({
        method: 'get',
        path: '/room/reports/:id',
        permission: 'room:report:view',
        params: IdParam,
        response: ReportView,
        summary: 'One report and its status',
        handler: ({ actor, params }) => reportsService.get(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/room/reports/:id/download',
        response: media('The report workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        permission: 'room:report:view',
        params: IdParam,
        summary: 'Download a finished report (xlsx); its creator and report administrators only',
        handler: async ({ actor, params }) => {
          const { file, filename } = await reportsService.download(actor, params.id);
          return new RawReply(
            fs.createReadStream(file),
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            { filename },
          );
        },
      }),
      route({
        method: 'delete',
        path: '/room/reports/:id',
        response: NO_DATA,
        permission: 'room:report:delete',
        params: IdParam,
        summary: 'Delete a report and its file',
        handler: ({ actor, params }) => reportsService.remove(actor, params.id),
      }),
    ],
  };
}
