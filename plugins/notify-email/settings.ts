/**
 * Mail settings: server, port and sending account are required; the
 * Exchange variant also needs the domain, the host username and the password.
 * Port 25 or 465 (465, implicit TLS, recommended); any port is accepted for
 * relays on other ports.
 */
import { z } from '../../core/plugin-sdk/index.ts';

export const EmailSettings = z
  .object({
    variant: z
      .enum(['smtp', 'exchange'])
      .default('smtp')
      .describe('SMTP server, or Microsoft Exchange (SMTP with a DOMAIN\\user login)'),
    host: z.string().trim().min(1).max(255).describe('mail server'),
    port: z.coerce.number().int().min(1).max(65535).default(465).describe('25 or 465 (465 recommended)'),
    security: z
      .enum(['ssl', 'starttls', 'none'])
      .default('ssl')
      .describe('ssl: TLS from the start (port 465); starttls: upgrade (port 25/587); none: plain'),
    rejectUnauthorized: z.boolean().default(true).describe('refuse servers whose certificate does not verify'),
    account: z.email().max(255).describe('sending account: the From address, and the login for SMTP'),
    fromName: z.string().max(100).optional().describe('display name of the sender'),
    password: z.string().max(500).optional().describe('password of the account (Exchange: of the host user)'),
    domain: z.string().max(100).optional().describe('Exchange: Windows domain of the host user'),
    hostUsername: z.string().max(100).optional().describe('Exchange: host user that signs in'),
    maxConnections: z.coerce
      .number()
      .int()
      .min(1)
      .max(50)
      .default(8)
      .describe('connections to the server kept open at once: more sends faster, where the server allows as many'),
  })
  .superRefine((s, ctx) => {
    if (s.variant !== 'exchange') return;
    for (const field of ['domain', 'hostUsername', 'password'] as const) {
      if (!s[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required for Exchange' });
    }
  });
export type EmailSettings = z.infer<typeof EmailSettings>;
