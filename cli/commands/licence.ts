import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { systemActor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/i18n/index.ts';
import { issueLicence, LicencePayload, type LicenceStatus } from '../../core/modules/licences/index.ts';
import { VERSION } from '../../core/version.ts';
import { fail, ready, withContainer } from '../context.ts';

interface IssueOptions {
  key: string;
  sn: string;
  rooms: string;
  desks: string;
  devices: string;
  expires: string;
  out?: string;
  authCode?: string;
  deviceCount?: string;
  status: string;
  productVersion: string;
}

function count(name: string, value: string): number {
  if (!/^\d{1,8}$/.test(value)) fail(`--${name} must be a whole number (0 is unlimited)`);
  return Number(value);
}

/** The last millisecond of the day in UTC, so a licence "until 2027-03-31" covers that whole day. */
function expiry(value: string): number | null {
  if (value === 'never') return null;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T23:59:59.999Z`) : NaN;
  if (Number.isNaN(at)) fail('--expires must be a date YYYY-MM-DD (or "never")');
  return at;
}

function printStatus(s: LicenceStatus): void {
  console.log(`state:    ${s.state}`);
  if (s.licence) {
    const l = s.licence;
    console.log(`product:  ${l.productSn} (version ${l.version}, ${l.status})`);
    console.log(`expires:  ${l.expiresAt === null ? 'never' : new Date(l.expiresAt).toISOString().slice(0, 10)}`);
  }
  const limit = (n: number | undefined) => (n === undefined ? '-' : n === 0 ? 'unlimited' : String(n));
  console.log(`rooms:    ${s.usage.rooms} / ${limit(s.limits?.rooms)}`);
  console.log(`desks:    ${s.usage.desks} / ${limit(s.limits?.desks)}`);
  console.log(`devices:  ${s.usage.devices} / ${limit(s.limits?.devices)}`);
}

export function licenceCommand(program: Command): void {
  const licence = program.command('licence').description('register, show and (for vendors) issue licences');

  licence
    .command('register <file>')
    .description('register a licence file; every user must sign in again')
    .action((file: string) =>
      withContainer(async (container) => {
        let text: string;
        try {
          text = fs.readFileSync(file, 'utf8');
        } catch (err) {
          fail(`cannot read ${file}: ${(err as Error).message}`);
        }
        await ready(container);
        try {
          const status = await container.cradle.licenceService.register(
            { ...systemActor(), username: 'cli', ip: 'cli' },
            text,
          );
          console.log('Licence registered. Every session was ended: users sign in again.');
          printStatus(status);
        } catch (err) {
          if (err instanceof AppError) fail(t('en', err.key, err.params));
          throw err;
        }
      }),
    );

  licence
    .command('status')
    .description('show the licence state, its limits and the current usage')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withContainer(async (container) => {
        await ready(container);
        const status = await container.cradle.licenceService.status();
        if (opts.json) console.log(JSON.stringify(status, null, 2));
        else printStatus(status);
      }),
    );

  licence
    .command('issue')
    .description('vendors: sign a licence file with the vendor private key')
    .requiredOption('--key <file>', 'vendor RSA private key (PEM)')
    .requiredOption('--sn <serial>', 'product serial number')
    .requiredOption('--rooms <n>', 'meeting room limit (0 unlimited)')
    .requiredOption('--desks <n>', 'desk limit (0 unlimited)')
    .requiredOption('--devices <n>', 'device limit (0 unlimited)')
    .requiredOption('--expires <date>', 'last valid day, YYYY-MM-DD (UTC), or "never"')
    .option('--out <file>', 'write the licence here (default: standard output)')
    .option('--auth-code <code>', 'authorization code (default: a random one)')
    .option('--device-count <n>', 'devices covered, informational (default: the device limit)')
    .option('--status <status>', 'licence status text', 'official')
    .option('--product-version <version>', 'product version the licence is for', VERSION)
    .action((opts: IssueOptions) => {
      let pem: string;
      try {
        pem = fs.readFileSync(opts.key, 'utf8');
      } catch (err) {
        fail(`cannot read ${opts.key}: ${(err as Error).message}`);
      }
      const devices = count('devices', opts.devices);
      const payload = LicencePayload.safeParse({
        version: opts.productVersion,
        productSn: opts.sn,
        status: opts.status,
        deviceCount: opts.deviceCount === undefined ? devices : count('device-count', opts.deviceCount),
        roomLimit: count('rooms', opts.rooms),
        deskLimit: count('desks', opts.desks),
        deviceLimit: devices,
        authCode: opts.authCode ?? randomBytes(10).toString('hex').toUpperCase().match(/.{5}/g)!.join('-'),
        registeredAt: Date.now(),
        expiresAt: expiry(opts.expires),
      });
      if (!payload.success) fail(payload.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      let text: string;
      try {
        text = issueLicence(payload.data, pem);
      } catch (err) {
        fail(`cannot sign with ${opts.key}: ${(err as Error).message}`);
      }
      if (opts.out) {
        fs.writeFileSync(opts.out, text);
        console.error(`Licence for ${opts.sn} written to ${opts.out}`);
      } else {
        process.stdout.write(text);
      }
    });
}
