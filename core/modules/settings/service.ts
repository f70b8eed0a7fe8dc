/**
 * The grouped settings screens, on top of ParamsService.setMany: the same
 * catalogue schemas, permissions, rules between parameters, all-or-nothing
 * write and operation-log row as /sys/params; a screen only keeps its writes
 * to its own group's parameters.
 */
import type { Actor } from '../../actor.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { ParamsService } from '../params/index.ts';
import { groupKeys, SETTINGS_GROUPS, type SettingsGroup } from './groups.ts';

export class SettingsService {
  constructor(private readonly deps: { paramsService: ParamsService }) {}

  private group(name: string): SettingsGroup {
    const g = SETTINGS_GROUPS.find((x) => x.name === name);
    if (!g) throw new NotFoundError('settings group', name);
    return g;
  }

  async get(name: string): Promise<Record<string, unknown>> {
    return this.deps.paramsService.getMany(groupKeys(this.group(name)));
  }

  /** Any subset of the group's parameters (a screen may send only what changed); other keys are refused. */
  async update(actor: Actor, name: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const group = this.group(name);
    const keys = new Set(groupKeys(group));
    const foreign = Object.keys(input).filter((k) => !keys.has(k));
    if (foreign.length)
      throw new ValidationError(
        foreign.map((key) => ({ field: key, message: t(actor.lang, 'settings.notInGroup', { key, group: name }) })),
      );
    if (Object.keys(input).length) await this.deps.paramsService.setMany(actor, input);
    return this.get(name);
  }
}
