// The room QR code (docs/product-rules.md R19.9): each room's printed code carries a random secret that proves the
// phone reading it stands at the room. It is shown in the printed code, so it is stored as is; rotating it
// replaces the row's secret and every code printed before stops working. Removing a room removes its secret.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('room_qr_codes', (t) => {
    t.integer('resource_id')
      .unsigned()
      .notNullable()
      .primary()
      .references('id')
      .inTable('resources')
      .onDelete('CASCADE');
    t.string('secret', 64).notNullable();
    t.bigInteger('rotated_at').notNullable();
    t.bigInteger('created_at').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('room_qr_codes');
};
