// Group mapping (docs/product-rules.md R21.6): a directory group (an LDAP group's DN, an OIDC `groups` claim value,
// a SAML attribute value, an Entra group id, a WeCom or DingTalk department) of one identity source, or of any
// (`*`), gives its people a role, a user group, or both, at every sign-in and directory sync.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('directory_group_maps', (t) => {
    t.increments('id');
    t.string('source', 20).notNullable();
    t.string('group_name', 500).notNullable();
    t.integer('role_id').unsigned().nullable().references('id').inTable('roles').onDelete('CASCADE');
    t.integer('user_group_id').unsigned().nullable().references('id').inTable('user_groups').onDelete('CASCADE');
    t.integer('created_by').unsigned().nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['source']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('directory_group_maps');
};
