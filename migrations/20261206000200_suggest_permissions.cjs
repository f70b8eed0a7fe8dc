// "Find me a room" (docs/product-rules.md R12.7) is a new screen of the booking centre, center:suggest. A role that
// may use the room inquiry (center:search) gets the same actions on it, so staff of an existing installation find
// it in their menu without an administrator editing every role; new installations seed it with the staff role.

const PAIRS = [
  ['center:search:view', 'center:suggest:view'],
  ['center:search:reserve', 'center:suggest:reserve'],
];

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  for (const [from, to] of PAIRS) {
    const holders = await knex('role_permissions').where({ permission: from }).pluck('role_id');
    const have = new Set(await knex('role_permissions').where({ permission: to }).pluck('role_id'));
    const rows = holders.filter((id) => !have.has(id)).map((id) => ({ role_id: id, permission: to }));
    if (rows.length) await knex('role_permissions').insert(rows);
  }
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex('role_permissions')
    .whereIn(
      'permission',
      PAIRS.map(([, to]) => to),
    )
    .del();
};
