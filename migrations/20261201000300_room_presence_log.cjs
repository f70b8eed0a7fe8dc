// What each room's occupancy sensor said over time (docs/product-rules.md R20.5): one row per change, so the
// dashboard can tell booked time in which the room stood empty ("ghost meetings"), and the no-show rule can tell
// a room nobody entered from one whose people forgot to check in. room_presence keeps only the latest state.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('room_presence_log', (t) => {
    t.increments('id');
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    // true somebody, false nobody, null unknown
    t.boolean('present').nullable();
    t.bigInteger('at').notNullable();
    t.index(['resource_id', 'at']);
    t.index(['at']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('room_presence_log');
};
