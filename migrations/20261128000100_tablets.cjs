// Door tablets (docs/product-rules.md R19): a tablet paired to one room holds a long random device credential,
// kept only as its SHA-256; a pairing code (8 digits, 10 minutes, single use) is kept the same way. Removing a
// room removes its tablets and codes.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('tablets', (t) => {
    t.increments('id');
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    // sha256:<hex> of the credential; a re-pairing replaces it
    t.string('credential_hash', 80).notNullable().unique();
    t.string('language', 8).notNullable().defaultTo('cn');
    t.string('app_version', 50).nullable();
    t.string('screen', 50).nullable();
    t.bigInteger('paired_at').notNullable();
    t.bigInteger('last_seen_at').nullable();
    t.bigInteger('revoked_at').nullable();
    t.bigInteger('reload_requested_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['resource_id']);
  });
  await knex.schema.createTable('tablet_pairing_codes', (t) => {
    t.increments('id');
    t.string('code_hash', 80).notNullable().unique();
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    // set when the code re-pairs an existing tablet
    t.integer('tablet_id').unsigned().nullable().references('id').inTable('tablets').onDelete('CASCADE');
    t.string('name', 100).nullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['expires_at']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('tablet_pairing_codes');
  await knex.schema.dropTableIfExists('tablets');
};
