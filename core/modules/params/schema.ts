import { z } from 'zod';
import { PARAMS } from './catalog.ts';

export const ParamKey = z.object({ key: z.string().min(1).max(100) });
export const ParamValue = z.object({ value: z.unknown() });

export const ParamView = z.object({
  key: z.string(),
  paramValue: z.unknown(),
  group: z.string(),
  remark: z.object({ cn: z.string(), en: z.string(), ja: z.string() }),
  /** Whether the caller may change it (its group's save permission), so a screen can say so before a save fails. */
  editable: z.boolean(),
});
export type ParamView = z.infer<typeof ParamView>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm');
export const TimeConfig = z
  .object({
    startTime: hhmm,
    endTime: hhmm,
    interval: z.union([z.literal(15), z.literal(30)]),
    maxDuration: z.number().int().min(0).max(1440).describe('minutes; 0 is unlimited'),
  })
  .refine((v) => v.startTime < v.endTime, { message: 'endTime must be after startTime', path: ['endTime'] })
  .refine((v) => Number(v.startTime.slice(3)) % v.interval === 0 && Number(v.endTime.slice(3)) % v.interval === 0, {
    message: 'times must fall on the interval',
    path: ['startTime'],
  });
export type TimeConfig = z.infer<typeof TimeConfig>;

/**
 * A change of several parameters, as the OpenAPI document shows it: every key of the catalogue with its own type and
 * explanation. The values pass through unparsed: the service parses them with the catalogue and its rules, so each
 * refusal (an unknown key included) is the rule's own translated message rather than a generic schema error.
 */
export const ParamsChange = z
  .looseObject(
    Object.fromEntries(
      PARAMS.map((d) => {
        const { $schema: _, ...type } = z.toJSONSchema(d.schema, { io: 'input', unrepresentable: 'any' });
        return [
          d.key,
          z
            .unknown()
            .optional()
            .meta({ ...type, description: d.remark.en }),
        ];
      }),
    ),
  )
  .describe('parameters by key; an unknown key is refused');
