// A read-only calendar feed per resource (docs/product-rules.md R11.10): its URL carries a random token, which is
// the credential, so only its SHA-256 hash is kept. Rotating replaces the hash (the old URL stops working),
// revoking removes the row, and removing the resource removes its feed.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('resource_feeds', (t) => {
    t.integer('resource_id')
      .unsigned()
      .notNullable()
      .primary()
      .references('id')
      .inTable('resources')
      .onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.integer('created_by').unsigned().nullable();
    t.bigInteger('created_at').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('resource_feeds');
};
