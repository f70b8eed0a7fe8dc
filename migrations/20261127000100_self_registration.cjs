// Self-registration (docs/product-rules.md R14.10): an account made on the register page waits for an administrator
// while the registerNeedsApproval parameter is on. It is kept disabled (status 0) and marked, so sign-in can say it
// waits rather than that it was disabled, and User Management can list the waiting ones; enabling it approves it.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('awaiting_approval').notNullable().defaultTo(false);
    t.index(['awaiting_approval']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['awaiting_approval']);
    t.dropColumn('awaiting_approval');
  });
};
