/**
 * E-mail over SMTP with nodemailer (or Exchange's SMTP with a DOMAIN\user
 * login). Booking mails carry their iCalendar part as a text/calendar
 * alternative with its METHOD, which Outlook, Apple Mail and Google accept as
 * an invitation (REQUEST) or a cancellation (CANCEL).
 */
import nodemailer from 'nodemailer';
import { definePlugin, type NotifyMessage, type NotifyRecipient } from '../../core/plugin-sdk/index.ts';
import { EmailSettings } from './settings.ts';

const address = (r: NotifyRecipient) => ({ name: r.name, address: r.email! });

export default definePlugin({
  id: 'notify-email',
  kind: 'notify',
  names: { cn: '电子邮件', en: 'E-mail', ja: 'メール' },
  settings: EmailSettings,
  secrets: ['password'],
  // Where the password goes, and whether it travels encrypted to a server that proves who it is.
  endpoints: ['host', 'port', 'security', 'rejectUnauthorized'],
  timeoutMs: 60_000,
  create(ctx) {
    const s = ctx.settings;
    const user = s.variant === 'exchange' ? `${s.domain}\\${s.hostUsername}` : s.account;
    // Pooled: a burst of mail reuses a few open connections instead of a new one (and its greeting) per message.
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: s.maxConnections,
      host: s.host,
      port: s.port,
      secure: s.security === 'ssl',
      requireTLS: s.security === 'starttls',
      ignoreTLS: s.security === 'none',
      auth: s.password ? { user, pass: s.password } : undefined,
      tls: { rejectUnauthorized: s.rejectUnauthorized },
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message: NotifyMessage) {
        const to = message.to.filter((r) => r.email);
        const cc = message.cc.filter((r) => r.email);
        const skipped = [...message.to, ...message.cc].filter((r) => !r.email).map((r) => r.name);
        if (to.length + cc.length === 0) return { skipped };
        const info = await transport.sendMail({
          from: { name: s.fromName ?? '', address: s.account },
          to: to.map(address),
          cc: cc.map(address),
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: {
            'Content-Language': message.lang === 'cn' ? 'zh-CN' : message.lang,
            'X-Atrium-Event': message.event,
          },
          icalEvent: message.calendar
            ? { method: message.calendar.method, content: message.calendar.ics, filename: 'invite.ics' }
            : undefined,
        });
        return { skipped, vendorId: info.messageId };
      },
      async health() {
        await transport.verify();
        return { ok: true, detail: `${s.host}:${s.port} accepts the account` };
      },
      async close() {
        transport.close();
      },
    };
  },
});
