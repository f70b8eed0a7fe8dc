// Time config, system and customer parameters, dictionary, licences, integration settings,
// notification templates and the notification centre, dashboard panels.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('time_config', (t) => {
    t.integer('id').primary(); // a single row, id 1
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    t.integer('interval').notNullable(); // 15 or 30 minutes
    t.integer('max_duration').notNullable(); // minutes, 0 unlimited
    t.bigInteger('updated_at').notNullable();
  });

  // The customer config map: each parameter with its value and a remark of texts per language.
  await knex.schema.createTable('params', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    t.text('remark'); // JSON { cn, en, ja }
    t.string('group_name', 50).notNullable().defaultTo('system');
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('dictionary', (t) => {
    t.increments('id');
    t.integer('parent_id').unsigned().references('dictionary.id');
    t.string('code', 100);
    t.string('name', 100).notNullable();
    t.string('description', 300);
    t.integer('sort').notNullable().defaultTo(1);
    t.boolean('protected').notNullable().defaultTo(false); // may be modified, never deleted
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['parent_id', 'sort']);
  });

  await knex.schema.createTable('licences', (t) => {
    t.increments('id');
    t.text('content').notNullable(); // the signed file as uploaded
    t.string('status', 20).notNullable(); // registered, expired, dataError
    t.string('version', 20);
    t.string('product_sn', 100);
    t.integer('device_count');
    t.integer('room_limit');
    t.integer('desk_limit');
    t.integer('device_limit');
    t.string('auth_code', 200);
    t.bigInteger('registered_at');
    t.bigInteger('expires_at');
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('integration_settings', (t) => {
    t.string('kind', 30).primary();
    t.string('provider', 100).notNullable().defaultTo('none');
    t.text('settings'); // JSON, secret fields encrypted
    t.string('health', 20); // ok, failing, unknown
    t.string('health_detail', 500);
    t.bigInteger('health_at');
    t.integer('updated_by');
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('notification_templates', (t) => {
    t.increments('id');
    t.string('event', 50).notNullable();
    t.string('lang', 5).notNullable();
    t.string('subject', 300).notNullable();
    t.text('content').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['event', 'lang']);
  });

  await knex.schema.createTable('custom_notifications', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('recipient', 300).notNullable();
    t.string('date', 10).notNullable();
    t.string('title', 100);
    t.text('content');
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
    t.index(['date']);
  });

  await knex.schema.createTable('dashboard_panels', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.integer('location_id').unsigned().references('locations.id').onDelete('CASCADE');
    t.integer('floor_id').unsigned().references('floors.id').onDelete('CASCADE');
    t.string('logo_upload_id', 36).references('uploads.id');
    t.integer('environment_slide_seconds').notNullable().defaultTo(10);
    t.integer('booking_slide_seconds').notNullable().defaultTo(10);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  for (const table of [
    'dashboard_panels',
    'custom_notifications',
    'notification_templates',
    'integration_settings',
    'licences',
    'dictionary',
    'params',
    'time_config',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
