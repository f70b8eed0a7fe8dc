/**
 * People's face data (docs/product-rules.md R20.7), on SQLite and MariaDB, with a face provider that records what
 * it is asked (test/fixtures/plugins/face-recording): consent first, images checked by their bytes and limited in
 * number, sealed at rest, enrolled through the outbox with the images built at delivery, removed on deletion,
 * withdrawal and a disabled account; the administrator's list with each person's enrolment state; permissions; the
 * operation log without image bytes.
 */
import test from 'ava';
import type { FaceCall } from '../fixtures/plugins/face-recording/index.ts';
import { perDialect } from '../helpers/app.ts';
import { staff, type Who } from '../helpers/bookings.ts';
import { deliverUntilParked, FIXTURE_PLUGINS } from '../helpers/notify.ts';
import { png } from '../helpers/places.ts';

interface FaceState {
  consent: { given: boolean; version: number | null; at: number | null; byAdministrator: boolean };
  consentText: string;
  consentVersion: number;
  imageCount: number;
  imageLimit: number;
  images: Array<{ id: number; mime: string; size: number }>;
  enrolment: string;
}
interface FaceUser {
  userId: number;
  username: string;
  consent: boolean;
  imageCount: number;
  images: number[];
  enrolment: string;
}

perDialect(
  test,
  (dialect, app) => {
    let admin = '';
    let alice: Who;
    let bob: Who;
    const pictures: Buffer[] = [];

    const uploadTo = (path: string, token: string, bytes: Buffer, name = 'face.png', lang = 'en') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
      return app().request<{ data: { id: number; size: number } }>('POST', path, { token, rawBody: form, lang });
    };
    const mine = async (token: string, lang = 'en') =>
      (await app().get<{ data: FaceState }>('/api/center/face', { token, lang })).body.data;
    const recorder = async () =>
      (await app().cradle.pluginHost.active('face'))!.provider as unknown as { calls: FaceCall[] };
    /** Delivers what is due; answers the calls made since the last time. */
    const delivered = async (): Promise<FaceCall[]> => {
      await app().cradle.outboxWorker.drainDue();
      const { calls } = await recorder();
      return calls.splice(0, calls.length);
    };
    const faceRows = () => app().cradle.db('outbox').where({ kind: 'face' }).orderBy('id');
    const listed = async (q: string) =>
      (await app().get<{ data: { items: FaceUser[] } }>(`/api/sys/face/users?q=${q}`, { token: admin })).body.data
        .items;
    const selectFace = async (settings: Record<string, unknown> = {}) => {
      const res = await app().put(
        '/api/inte/settings/face',
        { provider: 'face-recording', settings },
        { token: admin },
      );
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    };

    test.serial.before(async () => {
      admin = await app().adminToken();
      alice = await staff(app(), `alice_face_${dialect}`);
      bob = await staff(app(), `bob_face_${dialect}`);
      for (const size of [120, 140, 160, 180]) pictures.push(await png(size));
      await selectFace();
    });

    test.serial(`${dialect}: no image without consent; the consent text in the caller's language`, async (t) => {
      const state = await mine(alice.token);
      t.false(state.consent.given);
      t.is(state.imageLimit, 3, 'faceImageCount defaults to 3');
      t.is(state.enrolment, 'none');
      t.regex(state.consentText, /I agree/);
      t.regex((await mine(alice.token, 'cn')).consentText, /我同意/);
      t.regex((await mine(alice.token, 'ja')).consentText, /同意します/);
      const refused = await uploadTo('/api/center/face/images', alice.token, pictures[0]!, 'face.png', 'cn');
      t.is(refused.status, 400);
      t.is(refused.body.msg, '此人没有同意人脸识别的记录：未经同意不接受照片');
      t.deepEqual(await faceRows(), []);
    });

    test.serial(`${dialect}: consent, then images checked by their content and limited in number`, async (t) => {
      const agreed = await app().post<{ data: FaceState }>('/api/center/face/consent', undefined, {
        token: alice.token,
      });
      t.is(agreed.status, 200, JSON.stringify(agreed.body));
      t.like(agreed.body.data.consent, { given: true, version: 1, byAdministrator: false });
      const text = await uploadTo('/api/center/face/images', alice.token, Buffer.from('not a face at all\n'), 'me.jpg');
      t.is(text.status, 400);
      t.is(text.body.msg, 'A face image must be a JPEG or PNG picture (checked by its content)');
      for (const p of pictures.slice(0, 3)) {
        const ok = await uploadTo('/api/center/face/images', alice.token, p);
        t.is(ok.status, 200, JSON.stringify(ok.body));
        t.is(ok.body.data.size, p.length);
      }
      const fourth = await uploadTo('/api/center/face/images', alice.token, pictures[3]!, 'face.png', 'ja');
      t.is(fourth.status, 400);
      t.is(fourth.body.msg, '顔写真は一人 3 枚までです。先に一枚削除してください');
      t.is((await mine(alice.token)).imageCount, 3);
    });

    test.serial(`${dialect}: images are sealed at rest; each person reads only their own`, async (t) => {
      const rows = await app().cradle.db('face_images').where({ user_id: alice.id }).orderBy('id');
      t.is(rows.length, 3);
      for (const [i, row] of rows.entries()) {
        const plain = pictures[i]!;
        t.true(String(row.data).startsWith('enc:v1:'));
        t.false(String(row.data).includes(plain.toString('base64').slice(0, 40)), 'not the image in clear');
        t.false(Buffer.from(String(row.data)).includes(plain.subarray(0, 64)));
        const back = await app().cradle.facesService.image(Number(row.id), alice.id);
        t.deepEqual(back.bytes, plain, 'unsealed through the service');
      }
      const id = Number(rows[0].id);
      const served = await fetch(`${app().url}/api/center/face/images/${id}`, { headers: { token: alice.token } });
      t.is(served.status, 200);
      t.is(served.headers.get('content-type'), 'image/png');
      t.deepEqual(Buffer.from(await served.arrayBuffer()), pictures[0]);
      t.is((await app().get(`/api/center/face/images/${id}`, { token: bob.token })).status, 404);
      t.is((await app().delete(`/api/center/face/images/${id}`, { token: bob.token })).status, 404);
      const asAdmin = await fetch(`${app().url}/api/sys/face/images/${id}`, { headers: { token: admin } });
      t.is(asAdmin.status, 200);
    });

    test.serial(`${dialect}: enrolment is queued without the images and delivered with them`, async (t) => {
      const rows = await faceRows();
      t.is(rows.length, 3, 'one enrolment per change');
      for (const row of rows) {
        t.is(row.topic, 'enrol');
        t.deepEqual(JSON.parse(String(row.payload)), {
          face: { userId: alice.id, username: `alice_face_${dialect}` },
        });
      }
      t.is((await mine(alice.token)).enrolment, 'queued');
      const calls = await delivered();
      t.is(calls.length, 3);
      const last = calls.at(-1)!;
      t.like(last, { method: 'enrol', userId: alice.id, username: `alice_face_${dialect}` });
      t.deepEqual(
        last.imageBytes,
        pictures.slice(0, 3).map((p) => p.length),
      );
      t.deepEqual(last.images![1], pictures[1]);
      t.is((await mine(alice.token)).enrolment, 'enrolled');
      const [row] = await listed(`alice_face_${dialect}`);
      t.like(row, { userId: alice.id, consent: true, imageCount: 3, enrolment: 'enrolled' });
    });

    test.serial(`${dialect}: deleting an image enrols the rest; withdrawing removes everything`, async (t) => {
      const state = await mine(alice.token);
      const first = state.images[0]!.id;
      t.is((await app().delete(`/api/center/face/images/${first}`, { token: alice.token })).status, 200);
      const [enrol, ...more] = await delivered();
      t.deepEqual(more, []);
      t.deepEqual(
        enrol!.imageBytes,
        pictures.slice(1, 3).map((p) => p.length),
      );
      const withdrawn = await app().delete<{ data: FaceState }>('/api/center/face/consent', { token: alice.token });
      t.is(withdrawn.status, 200);
      t.like(withdrawn.body.data, { imageCount: 0, enrolment: 'none' });
      t.false(withdrawn.body.data.consent.given);
      t.deepEqual(await app().cradle.db('face_images').where({ user_id: alice.id }), []);
      t.deepEqual(await delivered(), [{ method: 'remove', userId: alice.id, username: `alice_face_${dialect}` }]);
      const again = await uploadTo('/api/center/face/images', alice.token, pictures[0]!);
      t.is(again.status, 400, 'consent withdrawn: no image accepted');
    });

    test.serial(`${dialect}: administrators record consent and upload; staff cannot`, async (t) => {
      t.is((await app().get('/api/sys/face/users', { token: bob.token })).status, 403);
      t.is((await uploadTo(`/api/sys/face/users/${alice.id}/images`, bob.token, pictures[0]!)).status, 403);
      t.is((await app().post(`/api/sys/face/users/${alice.id}/consent`, undefined, { token: bob.token })).status, 403);
      const noConsent = await uploadTo(`/api/sys/face/users/${bob.id}/images`, admin, pictures[0]!);
      t.is(noConsent.status, 400);
      t.is((await uploadTo('/api/sys/face/users/999999/images', admin, pictures[0]!)).status, 404);
      const consent = await app().post<{ data: FaceState }>(`/api/sys/face/users/${bob.id}/consent`, undefined, {
        token: admin,
      });
      t.is(consent.status, 200);
      t.like(consent.body.data.consent, { given: true, byAdministrator: true });
      const ok = await uploadTo(`/api/sys/face/users/${bob.id}/images`, admin, pictures[2]!);
      t.is(ok.status, 200, JSON.stringify(ok.body));
      t.like((await listed(`bob_face_${dialect}`))[0], { consent: true, imageCount: 1, enrolment: 'queued' });
      const [call] = await delivered();
      t.like(call, { method: 'enrol', userId: bob.id, imageBytes: [pictures[2]!.length] });
      t.like((await listed(`bob_face_${dialect}`))[0], { enrolment: 'enrolled' });
      t.like((await listed(`alice_face_${dialect}`))[0], { consent: false, imageCount: 0, enrolment: 'none' });
    });

    test.serial(`${dialect}: a disabled account is removed from the provider and here at once`, async (t) => {
      t.is((await app().put(`/api/sys/users/${bob.id}/status`, { status: 0 }, { token: admin })).status, 200);
      // No job run: the change record's `user.disabled` reaches the faces module when the disabling commits.
      await app().cradle.events.settle();
      t.deepEqual(await app().cradle.db('face_images').where({ user_id: bob.id }), []);
      t.deepEqual(await app().cradle.db('face_people').where({ user_id: bob.id }), []);
      t.deepEqual(await delivered(), [{ method: 'remove', userId: bob.id, username: `bob_face_${dialect}` }]);
      t.like((await listed(`bob_face_${dialect}`))[0], { consent: false, imageCount: 0, enrolment: 'none' });
    });

    test.serial(`${dialect}: a deleted account's images go at once, and the provider forgets them`, async (t) => {
      const dave = await staff(app(), `dave_face_${dialect}`);
      t.is((await app().get(`/api/sys/face/users/${dave.id}`, { token: admin })).status, 200);
      t.is((await app().get('/api/sys/face/users/999999', { token: admin })).status, 404);
      await app().post('/api/center/face/consent', undefined, { token: dave.token });
      t.is((await uploadTo('/api/center/face/images', dave.token, pictures[0]!)).status, 200);
      t.is((await delivered()).length, 1);
      t.is((await app().delete(`/api/sys/users/${dave.id}`, { token: admin })).status, 200);
      await app().cradle.events.settle();
      t.deepEqual(await app().cradle.db('face_images').where({ user_id: dave.id }), []);
      t.deepEqual(await app().cradle.db('face_people').where({ user_id: dave.id }), []);
      t.deepEqual(await delivered(), [{ method: 'remove', userId: dave.id, username: `dave_face_${dialect}` }]);
    });

    test.serial(`${dialect}: an account disabled where nobody heard it is caught by the sweep`, async (t) => {
      const erin = await staff(app(), `erin_face_${dialect}`);
      await app().post('/api/center/face/consent', undefined, { token: erin.token });
      t.is((await uploadTo('/api/center/face/images', erin.token, pictures[1]!)).status, 200);
      t.is((await delivered()).length, 1);
      // As after a crash between the commit and the listener, or a change made by another process's old version.
      await app().cradle.db('users').where({ id: erin.id }).update({ status: 0 });
      app().clock.advance(61_000);
      t.true(await app().running.scheduler!.runIfDue('faces.sweep'));
      t.deepEqual(await app().cradle.db('face_images').where({ user_id: erin.id }), []);
      t.deepEqual(await app().cradle.db('face_people').where({ user_id: erin.id }), []);
      t.deepEqual(await delivered(), [{ method: 'remove', userId: erin.id, username: `erin_face_${dialect}` }]);
    });

    test.serial(`${dialect}: a failing provider leaves the enrolment failed`, async (t) => {
      await selectFace({ mode: 'fail' });
      const carol = await staff(app(), `carol_face_${dialect}`);
      await app().post('/api/center/face/consent', undefined, { token: carol.token });
      t.is((await uploadTo('/api/center/face/images', carol.token, pictures[1]!)).status, 200);
      const row = (await faceRows()).at(-1)!;
      const end = await deliverUntilParked(app(), t, Number(row.id));
      t.is(end.state, 'parked');
      t.like((await listed(`carol_face_${dialect}`))[0], { imageCount: 1, enrolment: 'failed' });
      await selectFace();
    });

    test.serial(`${dialect}: every enrolment and removal is logged, never with image bytes`, async (t) => {
      const logs = await app().cradle.db('operation_logs').where('action', 'like', 'face.%').orderBy('id');
      const actions = new Set(logs.map((l) => String(l.action)));
      for (const a of [
        'face.consent.give',
        'face.image.add',
        'face.image.delete',
        'face.consent.withdraw',
        'face.remove',
      ])
        t.true(actions.has(a), a);
      for (const l of logs) {
        const summary = String(l.summary);
        t.true(summary.length < 500, 'a summary, not a picture');
        for (const p of pictures) t.false(summary.includes(p.toString('base64').slice(0, 24)));
        t.false(summary.includes('enc:v1:'));
      }
    });
  },
  { config: { pluginPaths: FIXTURE_PLUGINS, accessTokenTtlSeconds: 86_400 } },
);
