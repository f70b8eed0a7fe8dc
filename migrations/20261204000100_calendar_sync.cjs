// Calendar sync, the way back (docs/product-rules.md R23): which rooms mirror a calendar at the calendar provider
// (calendar_rooms), each event written into such a calendar outside Atrium and what became of it (calendar_events:
// booked, declined with the reason, cancelled; one row per room and iCalendar UID, so an event seen twice is never
// booked twice), and where the provider's changes were last read up to (calendar_sync, one row).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('calendar_rooms', (t) => {
    t.integer('resource_id').unsigned().primary().references('id').inTable('resources').onDelete('CASCADE');
    // The room's calendar at the provider (a CalDAV collection URL, a mailbox); empty: the provider's default.
    t.string('ref', 500).notNullable();
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('calendar_events', (t) => {
    t.increments('id');
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    t.string('uid', 255).notNullable();
    t.integer('sequence').notNullable();
    // pending (being booked), booked, declined, cancelled
    t.string('state', 12).notNullable();
    t.integer('booking_id').unsigned().nullable();
    t.string('subject', 100).notNullable();
    t.string('organiser_name', 100).nullable();
    t.string('organiser_email', 100).nullable();
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.string('reason', 300).nullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['resource_id', 'uid']);
    t.index(['booking_id']);
    t.index(['state', 'updated_at']);
  });
  await knex.schema.createTable('calendar_sync', (t) => {
    t.integer('id').primary();
    t.text('state').nullable();
    t.bigInteger('polled_at').nullable();
  });
  await knex('calendar_sync').insert({ id: 1, state: null, polled_at: null });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('calendar_sync');
  await knex.schema.dropTableIfExists('calendar_events');
  await knex.schema.dropTableIfExists('calendar_rooms');
};
