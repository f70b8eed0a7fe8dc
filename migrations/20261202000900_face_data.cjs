// People's face data for the face integration kind (docs/product-rules.md R20.7): a person's consent (the text
// version agreed to, when, and who recorded it) and their face images, sealed at rest with the server's secret key
// (AES-256-GCM, core/secret-box.ts). `face_people` has no foreign key to users: when an account is deleted its row
// stays until the faces.sweep job has queued the provider's remove under the username it keeps; images go at once.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('face_people', (t) => {
    t.integer('user_id').unsigned().primary();
    t.string('username', 100).notNullable();
    t.integer('consent_version').nullable();
    t.bigInteger('consent_at').nullable();
    // The administrator who recorded it on the person's behalf; null when the person agreed themself.
    t.integer('consent_by').unsigned().nullable();
    // The outbox row of the last enrolment queued, for its state (queued, enrolled, failed).
    t.bigInteger('enrol_outbox_id').nullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('face_images', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('mime', 20).notNullable();
    // Bytes of the plain image.
    t.integer('size').notNullable();
    // The image, base64, sealed by the secret box (enc:v1:...).
    t.text('data', 'longtext').notNullable();
    t.integer('created_by').unsigned().nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.dropTableIfExists('face_images');
  await knex.schema.dropTableIfExists('face_people');
};
