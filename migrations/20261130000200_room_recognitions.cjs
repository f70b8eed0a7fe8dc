// The person a room last recognised (docs/product-rules.md R19.10): a card at its reader or a face at its terminal.
// A door tablet's "continue with card / face" takes that person once, within 30 seconds of the recognition, to book,
// extend or end as them. One row per room, shared by every Atrium process (the provider's push reaches any of them).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('room_recognitions', (t) => {
    t.integer('resource_id').unsigned().primary().references('id').inTable('resources').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // card or face
    t.string('method', 8).notNullable();
    t.bigInteger('recognised_at').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('room_recognitions');
};
