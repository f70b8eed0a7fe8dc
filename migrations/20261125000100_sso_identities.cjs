// Which outside identity belongs to which account, decided once and kept: single sign-on (ldap, oidc, saml) today,
// directory syncs (wecom, dingtalk, scim, ...) later, so `source` is a free name. Once an identity is linked, a
// sign-in follows the link and never decides by username again.

const SSO_KINDS = ['ldap', 'oidc', 'saml'];

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('user_identities', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('source', 30).notNullable();
    t.string('external_id', 255).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['source', 'external_id']);
    t.index(['user_id']);
  });

  // The links made so far lived on the user row.
  const now = Date.now();
  const linked = await knex('users')
    .whereNotNull('external_id')
    .whereNot('source', 'local')
    .select('id', 'source', 'external_id');
  for (let i = 0; i < linked.length; i += 200) {
    await knex('user_identities').insert(
      linked.slice(i, i + 200).map((u) => ({
        user_id: u.id,
        source: String(u.source).slice(0, 30),
        external_id: u.external_id,
        created_at: now,
      })),
    );
  }

  // Matching by username used to be on unless switched off. Installations upgrading get it off: an account
  // that signed in before is linked above, and an administrator links the others or turns matching back on.
  const rows = await knex('integration_settings').whereIn('kind', SSO_KINDS).where({ provider: 'builtin' });
  for (const row of rows) {
    const settings = JSON.parse(String(row.settings || '{}'));
    if (settings.matchByUsername === false) continue;
    settings.matchByUsername = false;
    await knex('integration_settings')
      .where({ kind: row.kind })
      .update({ settings: JSON.stringify(settings) });
  }
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  // The earlier schema keeps one link per user, on the user row: the oldest link of each unlinked user goes back there.
  const identities = await knex('user_identities').orderBy('id').select('user_id', 'source', 'external_id');
  const seen = new Set();
  for (const identity of identities) {
    if (seen.has(identity.user_id)) continue;
    seen.add(identity.user_id);
    await knex('users')
      .where({ id: identity.user_id })
      .whereNull('external_id')
      .update({ source: String(identity.source).slice(0, 20), external_id: identity.external_id });
  }
  await knex.schema.dropTableIfExists('user_identities');
};
