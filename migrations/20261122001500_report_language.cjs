// Reports are written in the language of the person who asked for them.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('reports', (t) => {
    t.string('lang', 5).notNullable().defaultTo('cn');
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('lang');
  });
};
