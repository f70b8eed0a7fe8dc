// Webhook subscriptions (docs/product-rules.md R24): the endpoints administrators subscribe to events, with their
// signing secrets sealed (the previous one too, valid until `previous_until` after a rotation), and one row per
// message sent to an endpoint with the answers it got (the delivery log).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('url', 2000).notNullable();
    // JSON list of the event types subscribed to.
    t.text('events').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    // Sealed with the server's secret box (core/secret-box.ts), never answered after creation or rotation.
    t.text('secret').notNullable();
    t.text('previous_secret').nullable();
    t.bigInteger('previous_until').nullable();
    // The first failed delivery since the last success: a day of failures disables the endpoint.
    t.bigInteger('failing_since').nullable();
    t.bigInteger('disabled_at').nullable();
    t.string('disabled_reason', 200).nullable();
    t.integer('created_by').unsigned().nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.increments('id');
    t.integer('endpoint_id').unsigned().notNullable();
    // The webhook-id header: the same for every attempt and redelivery of one message.
    t.string('message_id', 100).notNullable().unique();
    t.string('event_type', 60).notNullable();
    // The signed body, as sent.
    t.text('body', 'mediumtext').notNullable();
    // pending | delivered | failed | skipped
    t.string('state', 12).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_status').nullable();
    t.string('last_error', 1000).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_attempt_at').nullable();
    t.bigInteger('delivered_at').nullable();
    t.index(['endpoint_id', 'id']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhook_endpoints');
};
