// Presence at a room's door (docs/product-rules.md R19.10): the last state its occupancy sensor reported, when that
// state began, and when someone last pressed the tablet's "keep this meeting". One row per room, shared by every
// Atrium process (the sensors' pushes reach whichever process runs the provider; the rule runs in the scheduler).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('room_presence', (t) => {
    t.integer('resource_id').unsigned().primary().references('id').inTable('resources').onDelete('CASCADE');
    // true somebody, false nobody, null unknown
    t.boolean('present').nullable();
    t.bigInteger('changed_at').notNullable();
    t.bigInteger('kept_at').nullable();
    t.bigInteger('updated_at').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('room_presence');
};
