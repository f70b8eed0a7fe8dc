/**
 * The bookings of resources over a range read from the index alone: the dashboard's panels read (resource, start)
 * ranges and then only the state, the end, the date and the starting time (docs/performance.md P3); on a table of
 * millions of rows, fetching each row besides is the difference between milliseconds and seconds. The new index
 * starts with the old one's columns, which it replaces (it also serves the resource's foreign key).
 */

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('bookings', (t) => {
    t.index(
      ['resource_id', 'start_at', 'state', 'end_at', 'meeting_date', 'start_time'],
      'bookings_resource_range_index',
    );
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.dropIndex(['resource_id', 'start_at']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('bookings', (t) => {
    t.index(['resource_id', 'start_at']);
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.dropIndex([], 'bookings_resource_range_index');
  });
};
