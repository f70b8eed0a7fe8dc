import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { elf, jpegHeader, png, upload } from '../helpers/places.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

type Icon = { id: number; name: string; uploadId: string; url: string };

perDialect(test, (dialect, app) => {
  let admin: string;
  let pictureId: string;

  test.serial(`${dialect}: a good PNG is stored, measured and served back`, async (t) => {
    admin = await app().adminToken();
    const bytes = await png(500);
    const ok = await upload(app(), admin, 'resourceImage', 'room.png', bytes);
    t.is(ok.status, 200, JSON.stringify(ok.body));
    t.is(ok.body.code, 0);
    pictureId = ok.body.bean!.id;
    t.is(ok.body.bean!.width, 500);
    const row = await app().cradle.db('uploads').where({ id: pictureId }).first();
    t.is(row.mime, 'image/png');
    t.is(Number(row.size), bytes.length);
    const served = await fetch(`${app().url}/api/upload/${pictureId}`, { headers: { token: admin } });
    t.is(served.status, 200);
    t.deepEqual(Buffer.from(await served.arrayBuffer()), bytes);
    t.is((await fetch(`${app().url}/api/upload/${pictureId}`)).status, 401, 'signed-in users only');
    t.is((await app().get('/api/upload/00000000-0000-4000-8000-000000000000', { token: admin })).status, 404);
  });

  test.serial(`${dialect}: a JPEG's size is read from its frame header`, async (t) => {
    const ok = await upload(app(), admin, 'floorPlan', 'plan.JPEG', jpegHeader(800, 600));
    t.is(ok.status, 200, JSON.stringify(ok.body));
    t.deepEqual([ok.body.bean!.width, ok.body.bean!.height], [800, 600]);
  });

  test.serial(
    `${dialect}: wrong extension, renamed executable, oversized file and a too-small floor plan are refused`,
    async (t) => {
      const gif = await upload(app(), admin, 'resourceImage', 'room.gif', await png(200), 'en');
      t.is(gif.status, 400);
      t.is(gif.body.msg, 'Only jpg, jpeg and png pictures are accepted');
      const exe = await upload(app(), admin, 'resourceImage', 'x.png', elf(), 'cn');
      t.is(exe.status, 400);
      t.is(exe.body.msg, '只接受 jpg、jpeg、png 格式的图片');
      const big = Buffer.concat([await png(100), Buffer.alloc(2 * 1024 * 1024 + 10)]);
      const tooLarge = await upload(app(), admin, 'resourceImage', 'big.png', big, 'en');
      t.is(tooLarge.status, 413);
      t.is(tooLarge.body.msg, 'The file is too large (at most 2 MB)');
      const small = await upload(app(), admin, 'floorPlan', 'plan.png', await png(200), 'en');
      t.is(small.status, 400);
      t.regex(small.body.msg, /^Picture too small/);
      t.is(
        (await upload(app(), admin, 'resourceImage', 'ok.png', await png(200))).status,
        200,
        'small is fine for a resource image',
      );
      const noType = await upload(app(), admin, 'virus', 'ok.png', await png(200));
      t.is(noType.status, 400);
      const noFile = await app().request('POST', '/api/upload/uploadFile', {
        token: admin,
        rawBody: (() => {
          const f = new FormData();
          f.append('type', 'icon');
          return f;
        })(),
      });
      t.is(noFile.status, 400);
      t.is(
        Number((await app().cradle.db('uploads').count({ n: '*' }).first())!.n),
        3,
        'only the accepted ones are kept',
      );
    },
  );

  test.serial(`${dialect}: resource icons CRUD; an icon in use is not deleted`, async (t) => {
    const created = await app().post<{ data: Icon }>(
      '/api/room/icons',
      { name: 'Projector', uploadId: pictureId },
      { token: admin },
    );
    t.is(created.status, 200, JSON.stringify(created.body));
    const id = created.body.data.id;
    t.is(created.body.data.url, `/api/upload/${pictureId}`);
    t.is(
      (
        await app().post(
          '/api/room/icons',
          { name: 'Ghost', uploadId: '00000000-0000-4000-8000-000000000000' },
          { token: admin },
        )
      ).status,
      400,
    );
    t.is(
      (
        await app().put<{ data: Icon }>(
          `/api/room/icons/${id}`,
          { name: 'Beamer', uploadId: pictureId },
          { token: admin },
        )
      ).body.data.name,
      'Beamer',
    );
    const list = await app().get<{ data: { items: Icon[]; total: number } }>('/api/room/icons?q=beam', {
      token: admin,
    });
    t.is(list.body.data.total, 1);
    const loc = await app().post<{ data: { id: number } }>(
      '/api/room/locations',
      { name: 'HQ', timeZone: 'UTC' },
      { token: admin },
    );
    const res = await app().post<{ data: { id: number; imageIds: string[] } }>(
      '/api/room/resources',
      {
        name: 'R',
        type: 0,
        capacity: 2,
        pricePerHour: 0,
        locationId: loc.body.data.id,
        iconId: id,
        imageIds: [pictureId],
      },
      { token: admin },
    );
    t.deepEqual(res.body.data.imageIds, [pictureId]);
    const inUse = await app().delete(`/api/room/icons/${id}`, { token: admin });
    t.is(inUse.status, 422);
    await app().delete(`/api/room/resources/${res.body.data.id}`, { token: admin });
    t.is((await app().delete(`/api/room/icons/${id}`, { token: admin })).status, 200);
    t.is((await app().get(`/api/room/icons/${id}`, { token: admin })).status, 404);
  });

  test.serial(`${dialect}: staff may upload but not manage icons`, async (t) => {
    await createUser(app(), 'places-staff-u');
    const staff = await app().tokenFor('places-staff-u', STAFF_PASSWORD);
    t.is((await app().get('/api/room/icons', { token: staff })).status, 403);
    t.is((await app().post('/api/room/icons', { name: 'x', uploadId: pictureId }, { token: staff })).status, 403);
  });
});
