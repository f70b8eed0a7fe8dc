/**
 * The development default for notifications: writes each message to the log
 * instead of sending it, and keeps the last few in the plugin's kv so a
 * developer (or a test) can read what would have gone out.
 */
import { definePlugin, z, type NotifyMessage } from '../../core/plugin-sdk/index.ts';

const KEEP = 20;

export default definePlugin({
  id: 'notify-log',
  kind: 'notify',
  names: { cn: '仅记录日志（开发用）', en: 'Log only (development)', ja: 'ログのみ（開発用）' },
  settings: z.object({
    level: z.enum(['info', 'debug']).default('info').describe('log level of each message'),
  }),
  create(ctx) {
    return {
      async send(message: NotifyMessage) {
        ctx.logger[ctx.settings.level](
          {
            event: message.event,
            lang: message.lang,
            to: message.to.map((r) => r.email ?? r.username ?? r.name),
            cc: message.cc.map((r) => r.email ?? r.name),
            subject: message.subject,
          },
          'notification (not sent: log-only provider)',
        );
        const recent = (await ctx.kv.get<NotifyMessage[]>('recent')) ?? [];
        await ctx.kv.set('recent', [message, ...recent].slice(0, KEEP));
      },
      async health() {
        return { ok: true, detail: 'messages are written to the log' };
      },
    };
  },
});
