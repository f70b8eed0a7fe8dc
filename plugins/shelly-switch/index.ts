/**
 * Room switches on Shelly Gen2+ relays (Plus, Pro, Gen3), driven over each device's local HTTP RPC as Shelly
 * documents it at https://shelly-api-docs.shelly.cloud/gen2/ :
 *
 * - `POST /rpc/Switch.Set` with `{ id, on }` switches one relay of a device
 *   (https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Switch);
 * - `GET /rpc/Switch.GetStatus?id=N` reads it back (`output`);
 * - `GET /rpc/Shelly.GetDeviceInfo` names the device for the health check.
 *
 * Devices with authentication on (https://shelly-api-docs.shelly.cloud/gen2/General/Authentication) want RFC
 * 7616 digest with SHA-256, user `admin` and the device id as realm: plugins/http-digest answers it. One
 * password serves all devices, as an installer sets them alike; a device without authentication never asks.
 *
 * Each relay is bound to rooms under the Atrium id given here, so a replaced device keeps its bindings.
 * Failed calls throw with Shelly's own `{ code, message }` in the text, for the outbox to retry and show.
 */
import { definePlugin, PluginHttpError, z } from '../../core/plugin-sdk/index.ts';
import { DigestClient } from '../http-digest/digest.ts';

const Device = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe('identifier of this relay in Atrium (bound to rooms; keep it when the device is replaced)'),
  name: z.string().trim().min(1).max(100).describe('name shown when binding the relay to a room'),
  url: z.url({ protocol: /^https?$/ }).describe('address of the device on the local network (http://host)'),
  switchId: z.coerce
    .number()
    .int()
    .min(0)
    .max(15)
    .default(0)
    .describe('which relay of the device (Switch component id; 0 on single-relay devices)'),
});

export const Settings = z.object({
  devices: z
    .array(Device)
    .min(1)
    .max(200)
    .superRefine((devices, ctx) => {
      const seen = new Set<string>();
      devices.forEach((d, i) => {
        if (seen.has(d.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `"${d.id}" is listed twice` });
        seen.add(d.id);
      });
    })
    .describe('the relays Atrium may switch'),
  password: z
    .string()
    .max(128)
    .optional()
    .describe('password of the devices (user admin); leave empty when their authentication is off'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(1000)
    .max(15_000)
    .default(5000)
    .describe('milliseconds to wait for a device to answer'),
});
export type Settings = z.infer<typeof Settings>;
type Device = Settings['devices'][number];

/** Shelly's answer to a failed RPC: the bare error object of the response frame. */
interface RpcError {
  code: number;
  message: string;
}

export default definePlugin({
  id: 'shelly-switch',
  kind: 'switch',
  names: { cn: 'Shelly 继电器', en: 'Shelly relays', ja: 'Shelly リレー' },
  settings: Settings,
  secrets: ['password'],
  endpoints: ['devices'],
  timeoutMs: 35_000,
  create(ctx) {
    const { devices, password, timeoutMs } = ctx.settings;
    const digest = new DigestClient(ctx.http, { username: 'admin', password: password ?? '' });
    const byId = new Map(devices.map((d) => [d.id, d]));

    const deviceOf = (id: string): Device => {
      const d = byId.get(id);
      if (!d) throw new Error(`no Shelly relay "${id}" in the settings`);
      return d;
    };

    async function rpc<T>(device: Device, method: string, params?: Record<string, unknown>): Promise<T> {
      const url = new URL(`/rpc/${method}`, device.url);
      const res = await digest
        .fetch(url, {
          method: params ? 'POST' : 'GET',
          headers: params ? { 'content-type': 'application/json' } : {},
          body: params ? JSON.stringify(params) : null,
          redirect: 'manual',
          timeoutMs,
        })
        .catch((err: unknown) => {
          // An abort is a DOMException, not an Error: keep its words for the outbox.
          const what = err instanceof Error || err instanceof DOMException ? err.message : String(err);
          throw new Error(`Shelly ${device.name} (${url.host}) unreachable: ${what}`, { cause: err });
        });
      const text = await res.text();
      if (res.status === 401)
        throw new Error(`Shelly ${device.name} (${url.host}) refused the password (HTTP 401 on ${method})`);
      if (!res.ok) {
        let error: Partial<RpcError> = {};
        try {
          error = JSON.parse(text) as RpcError;
        } catch {
          /* not Shelly's error object: the status says enough */
        }
        if (typeof error.code === 'number')
          throw new Error(`Shelly ${device.name}: ${method} failed with ${error.code} ${error.message ?? ''}`.trim());
        throw new PluginHttpError(res.status, text, url.href);
      }
      return JSON.parse(text) as T;
    }

    const getState = async (device: Device) =>
      (await rpc<{ output: boolean }>(device, `Switch.GetStatus?id=${device.switchId}`)).output;

    return {
      async listDevices() {
        // A device that does not answer is still listed, so it can be bound while it is being installed.
        return Promise.all(
          devices.map(async (d) => {
            try {
              return { id: d.id, name: d.name, on: await getState(d) };
            } catch (err) {
              ctx.logger.warn({ device: d.id, err: (err as Error).message }, 'Shelly relay did not answer');
              return { id: d.id, name: d.name };
            }
          }),
        );
      },
      async setState(deviceId, on) {
        const d = deviceOf(deviceId);
        await rpc(d, 'Switch.Set', { id: d.switchId, on });
      },
      getState: (deviceId) => getState(deviceOf(deviceId)),
      async health() {
        const results = await Promise.allSettled(
          devices.map(async (d) => {
            const info = await rpc<{ id: string; model?: string; ver?: string }>(d, 'Shelly.GetDeviceInfo');
            // GetDeviceInfo is open even with authentication on; the switch's status proves the password.
            await getState(d);
            return `${d.name}: ${info.model ?? info.id} ${info.ver ?? ''}`.trim();
          }),
        );
        const failed = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
        if (failed.length) return { ok: false, detail: failed.join('; ') };
        return { ok: true, detail: `${devices.length} relay(s) answered` };
      },
    };
  },
});
