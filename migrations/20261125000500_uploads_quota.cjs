// Uploads: each person's stored bytes are summed for the upload quota, and files nothing uses are swept.
// unused_since is when nothing was seen using the file (its upload time at first; null while in use).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('uploads', (t) => {
    t.bigInteger('unused_since');
    t.index(['created_by']);
    t.index(['unused_since']);
  });
  // When existing files were last used is unknown: their 24 hours start at the upgrade, and the first sweep
  // clears the mark of every one in use.
  await knex('uploads').update({ unused_since: Date.now() });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('uploads', (t) => {
    t.dropIndex(['unused_since']);
    t.dropIndex(['created_by']);
    t.dropColumn('unused_since');
  });
};
