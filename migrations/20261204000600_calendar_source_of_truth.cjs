// Rooms whose calendar provider is the source of truth (docs/product-rules.md R23.6): their calendar is read before
// a booking of them is made or moved.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('calendar_rooms', (t) => {
    t.boolean('source_of_truth').notNullable().defaultTo(false);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('calendar_rooms', (t) => t.dropColumn('source_of_truth'));
};
