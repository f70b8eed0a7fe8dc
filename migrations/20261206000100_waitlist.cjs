// The waitlist (docs/product-rules.md R25): people waiting for a taken range of one resource, served first come,
// first served when the whole range becomes free. The range is kept as bookings keep theirs: the date and wall-clock
// times in the resource's zone, and the instants they mean.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('waitlist_entries', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable();
    t.integer('resource_id').unsigned().notNullable();
    t.string('meeting_date', 10).notNullable();
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    t.boolean('whole_day').notNullable().defaultTo(false);
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.string('subject', 100).notNullable();
    t.boolean('auto_book').notNullable().defaultTo(false);
    // waiting | offered | booked | failed | expired | left
    t.string('state', 10).notNullable();
    // The message key of the rule that refused the automatic booking (failed).
    t.string('reason', 100).nullable();
    // Its parameters, as JSON.
    t.text('reason_params').nullable();
    t.integer('booking_id').unsigned().nullable();
    // `user:resource:start:end` while waiting, null after: one waiting entry per person and range (R25.2), in both
    // dialects without a partial index.
    t.string('waiting_key', 80).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['resource_id', 'state', 'start_at']);
    t.index(['state', 'start_at']);
    t.index(['user_id', 'id']);
  });
  // Who serves a resource's line now: one server at a time per resource, so the first in line is booked before the
  // next is looked at, whichever process heard of the freed time. A lease: a crashed holder's row expires.
  await knex.schema.createTable('waitlist_serving', (t) => {
    t.integer('resource_id').unsigned().primary();
    t.string('holder', 40).notNullable();
    t.bigInteger('locked_until').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('waitlist_serving');
  await knex.schema.dropTableIfExists('waitlist_entries');
};
