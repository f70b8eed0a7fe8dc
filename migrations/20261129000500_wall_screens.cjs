// Wall screens on a device credential (docs/product-rules.md R19.12): a tablet and a pairing code are for a room's
// door ('door', a room) or for the wall screen ('wall', no room, optionally one dashboard panel; none shows every
// panel or place as the wall cycles). Removing a panel leaves its walls showing every panel.

const PURPOSE = (t) => t.string('purpose', 8).notNullable().defaultTo('door');

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  for (const table of ['tablets', 'tablet_pairing_codes']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('resource_id').unsigned().nullable().alter();
    });
    await knex.schema.alterTable(table, (t) => {
      PURPOSE(t);
      t.integer('panel_id').unsigned().nullable().references('id').inTable('dashboard_panels').onDelete('SET NULL');
    });
  }
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  for (const table of ['tablet_pairing_codes', 'tablets']) {
    await knex(table).where({ purpose: 'wall' }).del();
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(['panel_id']);
    });
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('panel_id');
      t.dropColumn('purpose');
      t.integer('resource_id').unsigned().notNullable().alter();
    });
  }
};
