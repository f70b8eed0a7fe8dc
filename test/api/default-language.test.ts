/**
 * The installation's default language (parameter `defaultLanguage`, docs/product-rules.md R15.1, R18.5): a request
 * that names no language is answered in it, one that names a language in that one, and a bad value is refused.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';

perDialect(test, (dialect, app) => {
  /** A request with no language at all (no i18n, no Accept-Language): fetch adds neither. */
  const bare = async () => {
    const res = await fetch(`${app().url}/api/bookings/1`, { headers: { 'accept-language': '' } });
    return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
  };

  test.serial(`${dialect}: a request naming no language is answered in the installation's default`, async (t) => {
    const token = await app().adminToken();
    const cn = await bare();
    t.is(cn.status, 401);
    t.regex(cn.msg, /[\u4e00-\u9fff]/, 'cn by default');
    t.is((await app().put('/api/sys/params', { defaultLanguage: 'en' }, { token })).status, 200);
    // Any read of the parameters brings the new default in (every request reads them within a second).
    await app().get('/api/sys/config/all');
    const en = await bare();
    t.regex(en.msg, /^[\x20-\x7e]+$/, en.msg);
    const ja = await fetch(`${app().url}/api/bookings/1`, { headers: { i18n: 'ja' } });
    t.regex(((await ja.json()) as { msg: string }).msg, /[\u3040-\u30ff\u4e00-\u9fff]/, 'a named language still wins');
    const bad = await app().put('/api/sys/params', { defaultLanguage: 'fr' }, { token });
    t.is(bad.status, 400, JSON.stringify(bad.body));
    await app().put('/api/sys/params', { defaultLanguage: 'cn' }, { token });
    await app().get('/api/sys/config/all');
    t.regex((await bare()).msg, /[\u4e00-\u9fff]/);
  });
});
