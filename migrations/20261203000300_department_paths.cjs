// Departments as a tree (docs/product-rules.md R21.7): a person's department path from the top of the directory down,
// its names joined by " / " (users.department keeps the last of them), and the department a report is narrowed to
// (reports.department_path: that department and every one below it).

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.alterTable('users', (t) => {
    t.string('department_path', 500).nullable();
    t.index(['department_path']);
  });
  await knex.schema.alterTable('reports', (t) => {
    t.string('department_path', 500).nullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await knex.schema.alterTable('reports', (t) => t.dropColumn('department_path'));
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['department_path']);
    t.dropColumn('department_path');
  });
};
