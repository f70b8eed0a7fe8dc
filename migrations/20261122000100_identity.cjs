// Users, roles, permissions, menus, groups, sessions and the sign-in artefacts.
// Instants are UTC epoch milliseconds (BIGINT); see docs/architecture.md A5.2.

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('username', 100).notNullable().unique();
    t.string('real_name', 100).notNullable();
    t.string('employee_no', 50).notNullable();
    t.string('password_hash', 255);
    t.string('phone', 30);
    t.string('email', 255);
    t.string('card_no', 50);
    t.string('department', 100);
    t.string('workplace', 100);
    t.string('position', 100);
    t.string('corp_section', 100);
    t.string('cost_center', 50);
    t.string('ip_address', 64);
    t.tinyint('status').notNullable().defaultTo(1); // 1 normal, 0 disabled
    t.boolean('restricted').notNullable().defaultTo(false);
    t.bigInteger('enable_at');
    t.bigInteger('restrict_at');
    t.bigInteger('credit_balance').notNullable().defaultTo(0); // cents
    t.string('lang', 5);
    t.string('source', 20).notNullable().defaultTo('local'); // local, ldap, oidc, saml, wecom, dingtalk
    t.string('external_id', 255);
    t.boolean('must_change_password').notNullable().defaultTo(false);
    t.bigInteger('password_changed_at');
    t.integer('failed_logins').notNullable().defaultTo(0);
    t.bigInteger('locked_until');
    t.bigInteger('last_login_at');
    t.string('feed_token_hash', 64).unique(); // private calendar feed
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['employee_no']);
    t.index(['source', 'external_id']);
  });

  await knex.schema.createTable('roles', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.string('description', 300);
    t.string('code', 50).unique(); // built-in roles: admin, staff
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('role_permissions', (t) => {
    t.integer('role_id').unsigned().notNullable().references('roles.id').onDelete('CASCADE');
    t.string('permission', 100).notNullable();
    t.primary(['role_id', 'permission']);
  });

  await knex.schema.createTable('user_roles', (t) => {
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('role_id').unsigned().notNullable().references('roles.id').onDelete('CASCADE');
    t.primary(['user_id', 'role_id']);
    t.index(['role_id']);
  });

  await knex.schema.createTable('menus', (t) => {
    t.increments('id');
    t.integer('parent_id').unsigned().references('menus.id').onDelete('CASCADE');
    t.string('name', 100).notNullable().unique(); // route name, e.g. center-reserve
    t.string('path', 200).notNullable();
    t.string('title', 100).notNullable(); // cn
    t.string('title_en', 100).notNullable();
    t.string('title_ja', 100).notNullable();
    t.string('icon', 50);
    t.boolean('hidden').notNullable().defaultTo(false);
    t.integer('sort').notNullable().defaultTo(0);
    t.string('permission_prefix', 100); // e.g. center:reserve
    t.text('actions'); // JSON list of action codes offered on this menu item
    t.text('meta'); // JSON
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('user_groups', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.string('description', 300);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('user_group_members', (t) => {
    t.integer('group_id').unsigned().notNullable().references('user_groups.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['group_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 36).primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.tinyint('auth_method').notNullable().defaultTo(0); // 0 local, 1 OIDC, 2 SAML, 3 token URL, 4 LDAP, 5 CLI
    t.string('logout_url', 500);
    t.text('id_token'); // OIDC id_token_hint for the provider's end-session endpoint
    t.string('ip', 64);
    t.string('user_agent', 300);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('revoked_at');
    t.index(['user_id']);
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.increments('id');
    t.string('session_id', 36).notNullable().references('sessions.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    t.bigInteger('created_at').notNullable();
    t.index(['session_id']);
  });

  await knex.schema.createTable('captchas', (t) => {
    t.string('uuid', 64).primary();
    t.string('text', 10).notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['expires_at']);
  });

  // Short-lived state of redirect-based sign-ins (OIDC, SAML), shared by every process.
  await knex.schema.createTable('sso_states', (t) => {
    t.string('state', 100).primary();
    t.string('method', 20).notNullable();
    t.text('data').notNullable(); // JSON: nonce, code verifier, redirect
    t.bigInteger('expires_at').notNullable();
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('key_id', 32).notNullable().unique(); // public part shown in lists
    t.string('secret_hash', 255).notNullable();
    t.text('scopes').notNullable(); // JSON list of permission codes
    t.integer('user_id').unsigned().references('users.id').onDelete('SET NULL'); // acts as
    t.integer('created_by');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at');
    t.bigInteger('last_used_at');
    t.bigInteger('revoked_at');
  });

  // Values the server makes once and every process shares: RSA key pair, token signing key.
  await knex.schema.createTable('system_secrets', (t) => {
    t.string('name', 100).primary();
    t.text('value').notNullable(); // encrypted with the secret key
    t.bigInteger('created_at').notNullable();
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  for (const table of [
    'system_secrets',
    'api_keys',
    'sso_states',
    'captchas',
    'refresh_tokens',
    'sessions',
    'user_group_members',
    'user_groups',
    'menus',
    'user_roles',
    'role_permissions',
    'roles',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
