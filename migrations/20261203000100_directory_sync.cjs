// Directory sync (docs/product-rules.md R21.1): one row per run of the sync of people from the apps provider (who
// started it, full or incremental, dry run or not, its state, its counts and a bounded report of what it did or
// would do), and one row holding the lock that keeps runs from overlapping across processes and the mark an
// incremental run resumes from.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('directory_runs', (t) => {
    t.increments('id');
    // The apps provider that answered (its plugin id) and the identity source its people are linked under.
    t.string('provider', 100).notNullable();
    t.string('mode', 12).notNullable(); // full | incremental
    t.boolean('dry_run').notNullable();
    // running | done | failed | needsConfirmation
    t.string('state', 20).notNullable();
    t.integer('started_by').unsigned().nullable(); // null: the scheduler
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at').nullable();
    // { listed, created, updated, disabled, skipped, bookingsCancelled }
    t.text('counts').notNullable();
    // At most 1,000 lines: { action, externalId, username, reason? }
    t.text('report', 'mediumtext').notNullable();
    t.string('error', 500).nullable();
    t.index(['started_at']);
  });
  await knex.schema.createTable('directory_sync', (t) => {
    t.integer('id').primary();
    // The process holding the run, and until when (a crashed holder's lock lapses).
    t.string('holder', 100).nullable();
    t.bigInteger('held_until').notNullable();
    // Where the next incremental run starts: the end of the last successful run and the provider's mark.
    t.bigInteger('synced_at').nullable();
    t.string('state', 2000).nullable();
  });
  await knex('directory_sync').insert({ id: 1, held_until: 0 });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('directory_sync');
  await knex.schema.dropTableIfExists('directory_runs');
};
