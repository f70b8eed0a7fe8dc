// Environment history (docs/product-rules.md R20.3): every reading of a room's environment sensors, raw
// (environment_readings, one row per sensor and measurement time, kept envRawDays) and rolled up per hour
// (environment_hourly: average, minimum and maximum of each indicator, kept envHourlyDays); how far the rollup has
// read (environment_rollup, one row); and which side of its thresholds each sensor's indicator was last seen on
// (environment_alerts), so the administrators are told once per crossing, whichever process heard the reading.

const INDICATORS = ['temperature', 'humidity', 'co2', 'tvoc', 'pressure', 'hcho', 'pm25', 'pm10'];

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  // Kept in the order of (room, time): a room's day is a few pages to read, not one page per reading among the
  // other sensors' (InnoDB clusters rows by the primary key; SQLite needs WITHOUT ROWID for that).
  const readings = knex.schema.createTable('environment_readings', (t) => {
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    t.bigInteger('measured_at').notNullable();
    // The id the provider knows the sensor by (the device's identifier, else its MAC address).
    t.string('device_id', 100).notNullable();
    // measured_at rounded down to its hour: the rollup's unit.
    t.bigInteger('hour_at').notNullable();
    t.bigInteger('received_at').notNullable();
    for (const i of INDICATORS) t.double(i).nullable();
    t.primary(['resource_id', 'measured_at', 'device_id']);
    t.unique(['device_id', 'measured_at']);
    t.index(['measured_at']);
    t.index(['received_at']);
  });
  if (String(knex.client.config.client).includes('sqlite')) {
    const [create, ...rest] = readings.toSQL();
    await knex.raw(`${create.sql} without rowid`, create.bindings);
    for (const statement of rest) await knex.raw(statement.sql, statement.bindings);
  } else await readings;

  await knex.schema.createTable('environment_hourly', (t) => {
    t.bigIncrements('id');
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    t.string('device_id', 100).notNullable();
    t.bigInteger('hour_at').notNullable();
    // How many readings the hour had.
    t.integer('samples').notNullable();
    for (const i of INDICATORS) {
      t.double(`${i}_avg`).nullable();
      t.double(`${i}_min`).nullable();
      t.double(`${i}_max`).nullable();
    }
    t.unique(['resource_id', 'device_id', 'hour_at']);
    t.index(['hour_at']);
  });

  await knex.schema.createTable('environment_rollup', (t) => {
    t.integer('id').primary();
    // Readings received up to this time (epoch ms) are in environment_hourly.
    t.bigInteger('rolled_to').notNullable();
  });
  await knex('environment_rollup').insert({ id: 1, rolled_to: 0 });

  await knex.schema.createTable('environment_alerts', (t) => {
    t.integer('resource_id').unsigned().notNullable().references('id').inTable('resources').onDelete('CASCADE');
    t.string('device_id', 100).notNullable();
    t.string('indicator', 16).notNullable();
    // in, low or high: where the newest reading stood against the thresholds.
    t.string('side', 4).notNullable();
    t.bigInteger('measured_at').notNullable();
    t.bigInteger('changed_at').notNullable();
    t.primary(['resource_id', 'device_id', 'indicator']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('environment_alerts');
  await knex.schema.dropTableIfExists('environment_rollup');
  await knex.schema.dropTableIfExists('environment_hourly');
  await knex.schema.dropTableIfExists('environment_readings');
};
