import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { loadConfig, settings } from '../../config/default.ts';

/** A data directory with no atrium.env: a checkout where `atrium setup` ran must not change what these read. */
const EMPTY = { ATRIUM_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-config-')) };

test('defaults apply when the environment says nothing', (t) => {
  const c = loadConfig({ ...EMPTY });
  t.is(c.port, 8080);
  t.is(c.apiPrefix, '/api');
  t.is(c.rsaKeyBits, 2048);
  t.is(c.databaseUrl, 'sqlite:');
  t.true(c.seedDemo);
  t.is(c.shutdownSeconds, 20);
});

test('every setting is overridden by its environment variable', (t) => {
  const c = loadConfig({
    ...EMPTY,
    PORT: '9090',
    ATRIUM_API_PREFIX: '/v1',
    LOG_LEVEL: 'debug',
    ATRIUM_RSA_KEY_BITS: '1024',
    ATRIUM_ACCESS_TOKEN_TTL: '600',
    ATRIUM_SEED_DEMO: 'false',
    DATABASE_URL: 'mysql://u:p@h:3306/d',
  });
  t.is(c.port, 9090);
  t.is(c.apiPrefix, '/v1');
  t.is(c.logLevel, 'debug');
  t.is(c.rsaKeyBits, 1024);
  t.is(c.accessTokenTtlSeconds, 600);
  t.false(c.seedDemo);
  t.is(c.databaseUrl, 'mysql://u:p@h:3306/d');
  t.is(new Set(settings.map((s) => s.env)).size, settings.length, 'one variable per setting');
});

test('a bad value stops start-up with the variable named', (t) => {
  const err = t.throws(() => loadConfig({ ...EMPTY, PORT: 'eighty', ATRIUM_RSA_KEY_BITS: '1000' }));
  t.regex(err!.message, /PORT/);
  t.regex(err!.message, /ATRIUM_RSA_KEY_BITS/);
});
