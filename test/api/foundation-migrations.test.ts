import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { openDatabase, resolveDbTarget } from '../../core/db/connection.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { migrateDown, migrateLatest, migrationStatus } from '../../core/db/migrations.ts';
import { dialects, freshMysqlDatabase } from '../helpers/app.ts';

const TABLES = [
  'users',
  'roles',
  'menus',
  'user_groups',
  'locations',
  'floors',
  'resources',
  'resource_open_hours',
  'resource_disabled_periods',
  'devices',
  'bookings',
  'booking_series',
  'booking_slots',
  'booking_attendees',
  'approvals',
  'time_config',
  'dictionary',
  'licences',
  'reports',
  'notification_templates',
  'custom_notifications',
  'blocklist',
  'violations',
  'credit_ledger',
  'params',
  'integration_settings',
  'operation_logs',
  'reservation_logs',
  'api_keys',
  'job_leases',
  'outbox',
  'domain_events',
  'domain_event_sequence',
  'domain_event_targets',
  'domain_event_failures',
];

for (const dialect of dialects) {
  test.serial(`${dialect}: migrations run up, down and up again`, async (t) => {
    let url: string;
    let cleanup: () => Promise<void>;
    if (dialect === 'mysql') {
      const fresh = await freshMysqlDatabase();
      url = fresh.url;
      cleanup = fresh.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-mig-'));
      url = `sqlite:${path.join(dir, 'm.db')}`;
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const db = openDatabase(resolveDbTarget(url, os.tmpdir()));
    try {
      const applied = await migrateLatest(db);
      t.true(applied.length >= 5);
      for (const table of TABLES) t.true(await db.schema.hasTable(table), table);
      t.deepEqual((await migrationStatus(db)).pending, []);

      await migrateDown(db, true);
      for (const table of TABLES) t.false(await db.schema.hasTable(table), `${table} dropped`);
      t.is((await migrationStatus(db)).done.length, 0);

      t.deepEqual(await migrateLatest(db), applied);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
}

test('the slot table forbids two bookings of one resource in the same 15 minutes', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-slot-'));
  const db = openDatabase(resolveDbTarget(`sqlite:${path.join(dir, 's.db')}`, dir));
  try {
    await migrateLatest(db);
    await db.raw('PRAGMA foreign_keys = OFF');
    await db('booking_slots').insert({ resource_id: 1, slot: 1000, booking_id: 1 });
    const err = await t.throwsAsync(db('booking_slots').insert({ resource_id: 1, slot: 1000, booking_id: 2 }), {
      any: true,
    });
    t.true(isUniqueViolation(err));
    await t.notThrowsAsync(db('booking_slots').insert({ resource_id: 2, slot: 1000, booking_id: 2 }));
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
