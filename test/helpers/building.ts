/** Shared by the building tests: a kind's recording provider (test/fixtures/plugins/*-recording) chosen and read. */
import type { PluginKind } from '../../core/plugin-sdk/index.ts';
import type { TestApp } from './app.ts';
import { dispatchChanges } from './notify.ts';

export function recordingKind<Call>(app: () => TestApp, kind: PluginKind, adminToken: () => string) {
  const recorder = async () => (await app().cradle.pluginHost.active(kind))!.provider as unknown as { calls: Call[] };
  return {
    /** Chooses the kind's provider (throws on a refusal). */
    async select(provider: string, settings: Record<string, unknown> = {}): Promise<void> {
      const res = await app().put(`/api/inte/settings/${kind}`, { provider, settings }, { token: adminToken() });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    },
    recorder,
    /** Dispatches the recorded changes and delivers what is due; answers the calls made since the last time. */
    async delivered(): Promise<Call[]> {
      await dispatchChanges(app());
      await app().cradle.outboxWorker.drainDue();
      const { calls } = await recorder();
      return calls.splice(0, calls.length);
    },
    /** The kind's outbox rows, oldest first. */
    rows: () => app().cradle.db('outbox').where({ kind }).orderBy('id'),
  };
}
