/**
 * My Bookings reads one's bookings as organiser and as guest, filters them by end and state and orders them by
 * start before reading the rows of one page (docs/performance.md P2): the organiser's index carries those columns
 * and the guests' index the booking id, so neither branch fetches a row it does not show. Each new index starts
 * with the column of the one it replaces (the foreign keys to users still have theirs).
 */

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('bookings', (t) => {
    t.index(['organiser_id', 'start_at', 'end_at', 'state'], 'bookings_organiser_range_index');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.dropIndex(['organiser_id', 'start_at']);
  });
  await knex.schema.alterTable('booking_attendees', (t) => {
    t.index(['user_id', 'kind', 'booking_id'], 'booking_attendees_user_booking_index');
  });
  await knex.schema.alterTable('booking_attendees', (t) => {
    t.dropIndex(['user_id']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('booking_attendees', (t) => {
    t.index(['user_id']);
  });
  await knex.schema.alterTable('booking_attendees', (t) => {
    t.dropIndex([], 'booking_attendees_user_booking_index');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.index(['organiser_id', 'start_at']);
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.dropIndex([], 'bookings_organiser_range_index');
  });
};
