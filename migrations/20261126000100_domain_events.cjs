// The change record: every booking change and every event about a person, written in the transaction of the
// change (domain_events), with the one row whose lock orders the ids as the commits (domain_event_sequence);
// each target's progress through it (domain_event_targets) and the changes a target had to set aside
// (domain_event_failures); and the key that keeps the dispatcher from queueing the same work twice
// (outbox.idempotency_key; rows queued before it have none).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('domain_events', (t) => {
    // Taken from domain_event_sequence, not auto-incremented: the ids are the commit order, without gaps.
    t.bigInteger('id').primary();
    t.string('type', 50).notNullable(); // booking.created, user.violation, ...
    t.bigInteger('booking_id'); // booking events only
    t.text('payload').notNullable(); // JSON: the event as committed (the booking snapshot, who, why)
    t.bigInteger('created_at').notNullable();
    t.index(['created_at']);
    t.index(['booking_id']);
  });

  await knex.schema.createTable('domain_event_sequence', (t) => {
    t.integer('id').primary();
    t.bigInteger('last_id').notNullable();
  });
  await knex('domain_event_sequence').insert({ id: 1, last_id: 0 });

  await knex.schema.createTable('domain_event_targets', (t) => {
    t.string('target', 50).primary(); // notify, calendar, ...
    t.bigInteger('last_event_id').notNullable().defaultTo(0); // every change up to this one is handed over
    t.string('held_by', 100); // the dispatcher working for the target, while it works
    t.bigInteger('held_until');
    t.integer('attempts').notNullable().defaultTo(0); // failures on the change after last_event_id
    t.bigInteger('retry_at');
    t.string('last_error', 1000);
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('domain_event_failures', (t) => {
    t.increments('id');
    t.string('target', 50).notNullable();
    t.bigInteger('event_id').notNullable();
    t.string('type', 50).notNullable();
    t.integer('attempts').notNullable();
    t.string('error', 1000);
    t.bigInteger('failed_at').notNullable();
    t.unique(['target', 'event_id']);
    t.index(['failed_at']);
  });

  await knex.schema.alterTable('outbox', (t) => {
    t.string('idempotency_key', 150);
    t.unique(['idempotency_key']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropUnique(['idempotency_key']);
    t.dropColumn('idempotency_key');
  });
  for (const table of ['domain_event_failures', 'domain_event_targets', 'domain_event_sequence', 'domain_events']) {
    await knex.schema.dropTableIfExists(table);
  }
};
