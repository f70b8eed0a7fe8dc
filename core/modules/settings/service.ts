/**
 * The grouped settings screens, on top of ParamsService.setMany: the same
 * catalogue schemas, the same all-or-nothing write and the same operation-log
 * row as /sys/params, plus the screen's own cross-field rules with specific
 * messages.
 */
import { z } from 'zod';
import type { Actor } from '../../actor.ts';
import { NotFoundError } from '../../errors.ts';
import { parseWith } from '../../http/validate.ts';
import { PARAMS, type ParamsService } from '../params/index.ts';
import { groupKeys, SETTINGS_GROUPS, type SettingsGroup } from './groups.ts';
import { crossCheck, precheck } from './rules.ts';

export class SettingsService {
  constructor(private readonly deps: { paramsService: ParamsService }) {}

  private group(name: string): SettingsGroup {
    const g = SETTINGS_GROUPS.find((x) => x.name === name);
    if (!g) throw new NotFoundError('settings group', name);
    return g;
  }

  /** The group's form: every key optional (a screen may send only what changed), unknown keys refused. */
  schema(name: string): z.ZodType<Record<string, unknown>> {
    const keys = new Set(groupKeys(this.group(name)));
    const shape = Object.fromEntries(PARAMS.filter((p) => keys.has(p.key)).map((p) => [p.key, p.schema.optional()]));
    return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
  }

  async get(name: string): Promise<Record<string, unknown>> {
    return this.deps.paramsService.getMany(groupKeys(this.group(name)));
  }

  async update(actor: Actor, name: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const group = this.group(name);
    precheck(group.name, input, actor.lang);
    const parsed = parseWith(this.schema(name), input, actor.lang);
    const changes = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
    const current = await this.get(name);
    crossCheck(group.name, { ...current, ...changes }, actor.lang);
    if (Object.keys(changes).length) await this.deps.paramsService.setMany(actor, changes);
    return this.get(name);
  }
}
