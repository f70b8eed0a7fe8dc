// Logs, SQL monitor, reports, scheduler leases, the outbox and the plugins' key-value store.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('operation_logs', (t) => {
    t.bigIncrements('id');
    t.integer('user_id');
    t.string('username', 100);
    t.string('action', 100).notNullable(); // e.g. room.resources.create
    t.string('target', 200);
    t.text('summary'); // JSON before/after, secrets removed
    t.string('ip', 64);
    t.bigInteger('created_at').notNullable();
    t.index(['created_at']);
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('reservation_logs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('booking_id');
    t.integer('resource_id');
    t.integer('user_id');
    t.string('action', 50).notNullable(); // created, updated, cancelled, approved, checkedIn, ...
    t.text('detail');
    t.bigInteger('created_at').notNullable();
    t.index(['created_at']);
    t.index(['booking_id']);
  });

  // Statement shapes (literals removed) with their timings, for the SQL monitor.
  await knex.schema.createTable('sql_stats', (t) => {
    t.string('shape_hash', 64).primary();
    t.text('shape').notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.double('total_ms').notNullable().defaultTo(0);
    t.double('max_ms').notNullable().defaultTo(0);
    t.integer('slow_count').notNullable().defaultTo(0);
    t.bigInteger('last_at').notNullable();
  });

  await knex.schema.createTable('reports', (t) => {
    t.increments('id');
    t.string('type', 30).notNullable(); // bookings, utilisation, noShows, charges
    t.integer('creator_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('location_id');
    t.string('from_date', 10).notNullable();
    t.string('to_date', 10).notNullable();
    t.string('status', 20).notNullable(); // pending, running, done, empty, tooLarge, failed
    t.string('file_path', 500);
    t.integer('row_count');
    t.string('error', 500);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('finished_at');
    t.index(['creator_id', 'created_at']);
    t.index(['status']);
  });

  // A scheduled job's due run is claimed by inserting its row: the primary key lets exactly
  // one process win, however many run the scheduler.
  await knex.schema.createTable('job_leases', (t) => {
    t.string('job', 100).notNullable();
    t.bigInteger('due_at').notNullable();
    t.string('holder', 100).notNullable();
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at');
    t.string('error', 500);
    t.primary(['job', 'due_at']);
  });

  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.string('kind', 30).notNullable(); // plugin kind that handles it
    t.string('provider', 100);
    t.string('topic', 100).notNullable(); // event name, e.g. booking.created
    t.text('payload').notNullable(); // JSON
    t.string('state', 20).notNullable().defaultTo('pending'); // pending, done, parked
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.string('locked_by', 100);
    t.bigInteger('locked_until');
    t.string('last_error', 1000);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['state', 'next_attempt_at']);
  });

  await knex.schema.createTable('plugin_kv', (t) => {
    t.string('plugin', 100).notNullable();
    t.string('key', 191).notNullable();
    t.text('value').notNullable();
    t.bigInteger('expires_at');
    t.bigInteger('updated_at').notNullable();
    t.primary(['plugin', 'key']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  for (const table of [
    'plugin_kv',
    'outbox',
    'job_leases',
    'reports',
    'sql_stats',
    'reservation_logs',
    'operation_logs',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
