// Locations, floors, resources (with weekly open hours and disabled periods), devices, icons, uploads.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('uploads', (t) => {
    t.string('id', 36).primary();
    t.string('type', 30).notNullable(); // resourceImage, floorPlan, icon, logo, licence, import
    t.string('original_name', 255).notNullable();
    t.string('mime', 100).notNullable();
    t.integer('size').notNullable();
    t.integer('width');
    t.integer('height');
    t.string('sha256', 64).notNullable();
    t.string('path', 500).notNullable(); // relative to the data dir
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('locations', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('time_zone', 64).notNullable();
    t.string('address', 300);
    t.integer('sort').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('floors', (t) => {
    t.increments('id');
    t.integer('location_id').unsigned().notNullable().references('locations.id');
    t.string('name', 100).notNullable();
    t.string('display_name', 100).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    t.string('plan_upload_id', 36).references('uploads.id');
    t.string('pad_icon_upload_id', 36).references('uploads.id');
    t.string('grid_icon_upload_id', 36).references('uploads.id');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['location_id', 'sort']);
  });

  await knex.schema.createTable('resource_icons', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('upload_id', 36).notNullable().references('uploads.id');
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('resources', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.tinyint('type').notNullable(); // 0 meeting room, 1 desk, 2+ other
    t.integer('capacity').notNullable().defaultTo(1);
    t.double('area');
    t.string('description', 300);
    t.integer('cable_count').notNullable().defaultTo(0);
    t.integer('port_count').notNullable().defaultTo(0);
    t.integer('outlet_count').notNullable().defaultTo(0);
    t.string('teleconference_no', 50);
    t.integer('location_id').unsigned().notNullable().references('locations.id');
    t.integer('floor_id').unsigned().references('floors.id');
    t.integer('price_per_hour').notNullable().defaultTo(0); // cents
    t.string('time_zone', 64).notNullable();
    t.boolean('all_day').notNullable().defaultTo(false); // bookable only as whole days
    // Availability: status 1 open / 0 disabled, optionally only between two dates.
    t.tinyint('status').notNullable().defaultTo(1);
    t.string('start_date', 10);
    t.string('end_date', 10);
    t.boolean('whole_day').notNullable().defaultTo(false); // open around the clock on open days
    t.string('sensor_id', 100);
    t.string('card_reader_id', 100);
    t.string('lock_id', 100);
    t.integer('icon_id').unsigned().references('resource_icons.id');
    t.double('pos_x');
    t.double('pos_y');
    t.integer('sort').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['location_id', 'floor_id', 'type']);
    t.index(['type', 'sort']);
  });

  // One row per weekday (0 Sunday .. 6 Saturday), wall-clock times in the resource's zone.
  await knex.schema.createTable('resource_open_hours', (t) => {
    t.integer('resource_id').unsigned().notNullable().references('resources.id').onDelete('CASCADE');
    t.tinyint('weekday').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.string('time_from', 5).notNullable().defaultTo('00:00');
    t.string('time_to', 5).notNullable().defaultTo('24:00');
    t.primary(['resource_id', 'weekday']);
  });

  await knex.schema.createTable('resource_disabled_periods', (t) => {
    t.increments('id');
    t.integer('resource_id').unsigned().notNullable().references('resources.id').onDelete('CASCADE');
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.string('reason', 300);
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
    t.index(['resource_id', 'start_at']);
  });

  for (const [table, column, target] of [
    ['resource_groups', 'group_id', 'user_groups.id'],
    ['resource_approvers', 'user_id', 'users.id'],
    ['resource_exempt_users', 'user_id', 'users.id'],
  ]) {
    await knex.schema.createTable(table, (t) => {
      t.integer('resource_id').unsigned().notNullable().references('resources.id').onDelete('CASCADE');
      t.integer(column).unsigned().notNullable().references(target).onDelete('CASCADE');
      t.primary(['resource_id', column]);
      t.index([column]);
    });
  }

  await knex.schema.createTable('resource_images', (t) => {
    t.increments('id');
    t.integer('resource_id').unsigned().notNullable().references('resources.id').onDelete('CASCADE');
    t.string('upload_id', 36).notNullable().references('uploads.id');
    t.integer('sort').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('devices', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('device_no', 100).notNullable().unique();
    t.string('kind', 20).notNullable().defaultTo('pad'); // pad, relay, environment, occupancy, sensor, cardReader, lock, other
    t.boolean('show_on_terminal').notNullable().defaultTo(false);
    t.boolean('connected').notNullable().defaultTo(false);
    t.bigInteger('last_seen_at');
    t.string('mac_address', 17);
    t.string('identifier', 100);
    t.integer('resource_id').unsigned().references('resources.id').onDelete('SET NULL');
    t.text('state'); // JSON: last environment or occupancy reading
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['kind']);
  });

  await knex.schema.createTable('resource_devices', (t) => {
    t.integer('resource_id').unsigned().notNullable().references('resources.id').onDelete('CASCADE');
    t.integer('device_id').unsigned().notNullable().references('devices.id').onDelete('CASCADE');
    t.primary(['resource_id', 'device_id']);
    t.index(['device_id']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  for (const table of [
    'resource_devices',
    'devices',
    'resource_images',
    'resource_exempt_users',
    'resource_approvers',
    'resource_groups',
    'resource_disabled_periods',
    'resource_open_hours',
    'resources',
    'resource_icons',
    'floors',
    'locations',
    'uploads',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
