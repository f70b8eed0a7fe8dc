/**
 * The devices a kind's selected provider lists (`listDevices`, e-ink `listLabels`), so that an administrator binds
 * a room's sensor, lock, relay or label by choosing it rather than typing its identifier (docs/product-rules.md
 * R20.6). The provider is asked each time (vendors' lists change), bounded by its timeout; what it answers is
 * reduced to what the SDK promises, searched and paged here. A provider that cannot list says why in `error`,
 * never as a failed request: the screen then offers typing the identifier.
 */
import type { PluginKind } from '../../plugin-sdk/index.ts';
import { errorMessage, type PluginHost } from '../../plugin-host/index.ts';
import type { DeviceListAnswer, DeviceListQuery, ProviderDevice } from './schema.ts';

/** The kinds whose providers may list devices; the others have none to bind. */
export const LISTING_KINDS: readonly PluginKind[] = ['environment', 'occupancy', 'face', 'eink', 'access', 'switch'];
/** More than this from one vendor is cut: a room is bound to a handful, and the picker searches. */
const MAX_DEVICES = 5_000;

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
const size = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 10_000 ? v : undefined);

/** One listed device as the SDK promises it, or null for what is not one. */
function cleanDevice(value: unknown): ProviderDevice | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = text(v.id, 200);
  if (!id) return null;
  const device: ProviderDevice = { id, name: text(v.name, 200) ?? id };
  const roomName = text(v.roomName, 200);
  if (roomName) device.roomName = roomName;
  if (typeof v.on === 'boolean') device.on = v.on;
  const [width, height] = [size(v.width), size(v.height)];
  if (width && height) Object.assign(device, { width, height });
  return device;
}

type Lister = { listDevices?: () => Promise<unknown>; listLabels?: () => Promise<unknown> };

export async function providerDevices(
  pluginHost: PluginHost,
  kind: PluginKind,
  query: DeviceListQuery,
): Promise<DeviceListAnswer> {
  const { page, pageSize } = query;
  const provider = await pluginHost.selected(kind);
  const answer = (items: ProviderDevice[], error: string | null): DeviceListAnswer => ({
    provider,
    error,
    items: items.slice((page - 1) * pageSize, page * pageSize),
    total: items.length,
    page,
    pageSize,
  });
  if (provider === 'none') return answer([], null);
  let listed: unknown;
  try {
    listed = await pluginHost.call(kind, 'listDevices', (p) => {
      const lister = p as Lister;
      if (lister.listDevices) return lister.listDevices();
      if (lister.listLabels) return lister.listLabels();
      return null;
    });
  } catch (err) {
    return answer([], errorMessage(err).slice(0, 300));
  }
  if (listed === null) return answer([], null);
  const seen = new Set<string>();
  const devices = (Array.isArray(listed) ? listed : [])
    .slice(0, MAX_DEVICES)
    .map(cleanDevice)
    .filter((d): d is ProviderDevice => d !== null && !seen.has(d.id) && Boolean(seen.add(d.id)));
  const q = query.q?.toLowerCase();
  const found = q
    ? devices.filter((d) => [d.id, d.name, d.roomName ?? ''].some((s) => s.toLowerCase().includes(q)))
    : devices;
  return answer(found, null);
}
