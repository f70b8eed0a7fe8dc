/** What the console shows per kind: its names and, for each installed provider, its settings form as JSON Schema. */
import { z } from 'zod';
import {
  KIND_SCREEN,
  PLUGIN_KINDS,
  type AnyPluginDefinition,
  type Names,
  type PluginKind,
} from '../../plugin-sdk/index.ts';

export const KIND_NAMES: Readonly<Record<PluginKind, Names>> = {
  environment: { cn: '环境检测', en: 'Environment detection', ja: '環境検知' },
  occupancy: { cn: '人体感应', en: 'Presence detection', ja: '在席検知' },
  face: { cn: '人脸识别', en: 'Face recognition', ja: '顔認証' },
  eink: { cn: '电子标签', en: 'Electronic labels', ja: '電子ペーパー' },
  access: { cn: '门禁认证', en: 'Access control', ja: '入退室管理' },
  notify: { cn: '通知管理', en: 'Notifications', ja: '通知管理' },
  apps: { cn: '第三方应用', en: 'Third-party apps', ja: '外部アプリ' },
  calendar: { cn: '预约同步', en: 'Booking sync', ja: '予約同期' },
  switch: { cn: '开关设备', en: 'Switches', ja: 'スイッチ' },
};

const NONE: Names = { cn: '无', en: 'None', ja: 'なし' };

export interface ProviderInfo {
  id: string;
  names: Names;
  secrets: string[];
  /** Fields that say where the secrets go: changing one means typing the secrets again. */
  endpoints: string[];
  settingsSchema: Record<string, unknown>;
}

/** The settings schema as JSON Schema (input side: defaults are optional), secrets marked write-only. */
export function settingsJsonSchema(def: AnyPluginDefinition): Record<string, unknown> {
  let schema: Record<string, unknown>;
  try {
    schema = z.toJSONSchema(def.settings, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    schema = { type: 'object' };
  }
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  for (const s of def.secrets ?? []) if (props?.[s]) props[s] = { ...props[s], writeOnly: true, format: 'password' };
  return schema;
}

export function kindCatalogue(defs: AnyPluginDefinition[]) {
  return PLUGIN_KINDS.map((kind) => ({
    kind,
    screen: KIND_SCREEN[kind],
    names: KIND_NAMES[kind],
    providers: [
      { id: 'none', names: NONE, secrets: [], endpoints: [], settingsSchema: { type: 'object', properties: {} } },
      ...defs
        .filter((d) => d.kind === kind)
        .map((d): ProviderInfo => ({
          id: d.id,
          names: d.names,
          secrets: [...(d.secrets ?? [])],
          endpoints: [...(d.endpoints ?? [])],
          settingsSchema: settingsJsonSchema(d),
        })),
    ],
  }));
}
