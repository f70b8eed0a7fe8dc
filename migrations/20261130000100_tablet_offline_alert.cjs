// Door tablets offline (docs/product-rules.md R19.11): when the administrators were told that a tablet has stopped
// calling. Set once per outage by the scheduler's conditional update, so however many processes look, one of them
// tells; cleared when the tablet calls again, so its next outage is told again.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('tablets', (t) => {
    t.bigInteger('offline_alerted_at').nullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('tablets', (t) => {
    t.dropColumn('offline_alerted_at');
  });
};
