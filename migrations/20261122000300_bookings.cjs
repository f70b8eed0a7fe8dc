// Bookings, series, attendees, approvals, the occupied-slot table that makes double booking
// impossible, violations, the blocklist and the credit ledger.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('booking_series', (t) => {
    t.increments('id');
    t.integer('resource_id').unsigned().notNullable().references('resources.id');
    t.integer('organiser_id').unsigned().notNullable().references('users.id');
    t.text('recurrence').notNullable(); // JSON as posted: freq, interval, byWeekday, byMonthDay, bySetPos, until, count
    t.string('rrule', 500).notNullable();
    t.string('first_date', 10).notNullable();
    t.string('until_date', 10);
    t.string('start_time', 5);
    t.string('end_time', 5);
    t.boolean('whole_day').notNullable().defaultTo(false);
    t.string('subject', 100).notNullable();
    t.string('state', 20).notNullable().defaultTo('active'); // active, cancelled
    t.integer('parent_series_id').unsigned().references('booking_series.id'); // set when split by "this and following"
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['organiser_id']);
  });

  await knex.schema.createTable('bookings', (t) => {
    t.bigIncrements('id');
    t.integer('resource_id').unsigned().notNullable().references('resources.id');
    t.integer('organiser_id').unsigned().notNullable().references('users.id');
    t.integer('series_id').unsigned().references('booking_series.id');
    t.string('series_date', 10); // the occurrence date this row was generated for
    t.boolean('detached').notNullable().defaultTo(false); // edited or cancelled alone: series changes leave it be
    t.string('meeting_date', 10).notNullable();
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    t.boolean('whole_day').notNullable().defaultTo(false);
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.string('time_zone', 64).notNullable();
    t.string('subject', 100).notNullable();
    t.string('phone', 20);
    t.string('employee_no', 50);
    t.string('remarks', 300);
    t.string('check_in_code', 10).notNullable();
    // state: pending, confirmed, checkedIn, ended, cancelled, denied, expired, revoked, autoCancelled
    t.string('state', 20).notNullable();
    t.tinyint('check_status').notNullable().defaultTo(0); // 0 not checked in, 1 checked in, 2 ended, 3 cancelled, 4 under review
    t.integer('reminder_minutes').notNullable().defaultTo(0);
    t.bigInteger('remind_at');
    t.bigInteger('reminded_at');
    t.boolean('is_auto_close').notNullable().defaultTo(false);
    t.bigInteger('close_time');
    t.bigInteger('checked_in_at');
    t.bigInteger('cancelled_at');
    t.integer('cancelled_by');
    t.string('cancel_reason', 300);
    t.integer('price_cents').notNullable().defaultTo(0);
    t.integer('sequence').notNullable().defaultTo(0); // iCalendar SEQUENCE, bumped on each change
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['resource_id', 'start_at']);
    t.index(['organiser_id', 'start_at']);
    t.index(['series_id']);
    t.index(['state', 'start_at']);
    t.index(['remind_at']);
  });

  // One row per occupied 15-minute slot (epoch ms / 900000) of an active booking. The primary key
  // is what forbids double booking: no code path, process or race can insert a second row.
  await knex.schema.createTable('booking_slots', (t) => {
    t.integer('resource_id').unsigned().notNullable();
    t.bigInteger('slot').notNullable();
    t.bigInteger('booking_id').unsigned().notNullable().references('bookings.id').onDelete('CASCADE');
    t.primary(['resource_id', 'slot']);
    t.index(['booking_id']);
  });

  await knex.schema.createTable('booking_attendees', (t) => {
    t.increments('id');
    t.bigInteger('booking_id').unsigned().notNullable().references('bookings.id').onDelete('CASCADE');
    t.string('kind', 10).notNullable(); // inner, outer
    t.integer('user_id').unsigned().references('users.id').onDelete('CASCADE');
    t.string('name', 100);
    t.string('email', 255);
    t.index(['booking_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('approvals', (t) => {
    t.increments('id');
    t.bigInteger('booking_id').unsigned().notNullable().unique().references('bookings.id').onDelete('CASCADE');
    t.string('state', 20).notNullable(); // pending, approved, denied, expired, revoked
    t.string('reason', 300);
    t.integer('decided_by');
    t.bigInteger('decided_at');
    t.bigInteger('created_at').notNullable();
    t.index(['state']);
  });

  await knex.schema.createTable('violations', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('booking_id').unsigned().references('bookings.id').onDelete('SET NULL');
    t.string('kind', 20).notNullable().defaultTo('noShow');
    t.bigInteger('occurred_at').notNullable();
    t.unique(['booking_id', 'kind']); // one violation per no-show, whatever the number of processes
    t.index(['user_id', 'occurred_at']);
  });

  await knex.schema.createTable('blocklist', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('violation_count').notNullable();
    t.bigInteger('blocked_at').notNullable();
    t.bigInteger('release_at').notNullable();
    t.bigInteger('released_at');
    t.integer('released_by');
    t.index(['user_id', 'released_at']);
  });

  await knex.schema.createTable('credit_ledger', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('amount').notNullable(); // cents, negative for a charge
    t.bigInteger('balance_after').notNullable();
    t.string('kind', 20).notNullable(); // charge, refund, recharge
    t.bigInteger('booking_id').unsigned().references('bookings.id').onDelete('SET NULL');
    t.string('note', 300);
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  for (const table of [
    'credit_ledger',
    'blocklist',
    'violations',
    'approvals',
    'booking_attendees',
    'booking_slots',
    'bookings',
    'booking_series',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
