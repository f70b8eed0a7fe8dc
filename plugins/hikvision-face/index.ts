/**
 * Face recognition on Hikvision face terminals over ISAPI (plugins/hikvision-isapi), following Hikvision's ISAPI
 * developer guides "Access Control on Person" and "Intelligent / Face Picture Library (FDLib)"
 * (https://tpp.hikvision.com):
 *
 * - enrol: `PUT /ISAPI/AccessControl/UserInfo/SetUp?format=json` makes the person a user of the terminal (a
 *   face belongs to a user there), then `POST /ISAPI/Intelligent/FDLib/FaceDataRecord?format=json`, multipart:
 *   a `FaceDataRecord` JSON part `{ faceLibType: "blackFD", FDID, FPID }` with FPID = the employeeNo, and the
 *   picture as `FaceImage`. A terminal keeps one face per person: the first image is used, and an earlier face
 *   is deleted first so a new upload replaces it;
 * - remove: `PUT /ISAPI/Intelligent/FDLib/FDSearch/Delete?format=json&FDID=..&faceLibType=blackFD` with the
 *   FPID, then the user (`UserInfo/Delete`); a person the terminal does not know is no failure;
 * - watch: AccessControllerEvents of the alert stream with sub-event 75 ("face authentication passed") and an
 *   employee number are people identified; the terminal matched them itself, so the score is 1 (the event
 *   carries none);
 * - health: `GET /ISAPI/System/deviceInfo`.
 *
 * The employeeNo is `atrf` + the Atrium user id (a user id never changes, a username may), distinct from the
 * `atr…` users of plugins/hikvision-access on a terminal that does both. The username it stands for is kept in
 * kv (`face:<employeeNo>`) at enrolment, for `watch` to name who was recognised. A person enrolled here may pass
 * the terminal's door at any time, as Hikvision terminals let their users in: enrol those who may.
 */
import { definePlugin, z, type FaceIdentified } from '../../core/plugin-sdk/index.ts';
import { eventTime, Isapi, isapiSettings, TerminalBase, watchAlertStream } from '../hikvision-isapi/isapi.ts';

/** Sub-event of major type 5 (event) that a face was matched to a person. */
const FACE_PASSED = 75;

export const Settings = isapiSettings(TerminalBase).extend({
  fdid: z.string().trim().min(1).max(8).default('1').describe('face library of the terminals (FDID; 1 on most)'),
});
export type Settings = z.infer<typeof Settings>;

export const employeeNoOf = (userId: number) => `atrf${userId}`;

/** A multipart/form-data body of named parts, as the FDLib upload takes it. */
function formData(parts: Array<{ name: string; type: string; filename?: string; data: Buffer }>) {
  const boundary = `----atrium${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.filename ? `; filename="${p.filename}"` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, data: new Uint8Array(Buffer.concat(chunks)) };
}

export default definePlugin({
  id: 'hikvision-face',
  kind: 'face',
  names: { cn: '海康威视人脸识别', en: 'Hikvision face recognition', ja: 'Hikvision 顔認証' },
  settings: Settings,
  secrets: ['password'],
  endpoints: ['terminals'],
  timeoutMs: 60_000,
  create(ctx) {
    const isapi = new Isapi(ctx);
    const { terminals, fdid } = ctx.settings;
    const library = `FDID=${encodeURIComponent(fdid)}&faceLibType=blackFD`;
    const kvKey = (employeeNo: string) => `face:${employeeNo}`;

    const deleteFace = (t: (typeof terminals)[number], employeeNo: string) =>
      isapi
        .call(t, {
          method: 'PUT',
          path: `/ISAPI/Intelligent/FDLib/FDSearch/Delete?format=json&${library}`,
          json: { FPID: [{ value: employeeNo }] },
        })
        .catch((err: unknown) => {
          // Deleting a face that is not there is what a replacement or a repeated removal does.
          if (
            !/notexist|nofound|notfound/i.test(
              (err as { status?: { subStatusCode?: string } }).status?.subStatusCode ?? '',
            )
          )
            throw err;
        });

    return {
      async enrol(person) {
        const image = person.images[0];
        if (!image) throw new Error(`no face image for ${person.username}`);
        const employeeNo = employeeNoOf(person.userId);
        // Known before the terminal is touched, so an identification right after enrolment is named.
        await ctx.kv.set(kvKey(employeeNo), person.username);
        const isPng = image.subarray(0, 4).toString('latin1') === '\x89PNG';
        for (const t of terminals) {
          await isapi.call(t, {
            method: 'PUT',
            path: '/ISAPI/AccessControl/UserInfo/SetUp?format=json',
            json: {
              UserInfo: {
                employeeNo,
                name: person.name.slice(0, 32),
                userType: 'normal',
                Valid: {
                  enable: false,
                  beginTime: '2000-01-01T00:00:00',
                  endTime: '2037-12-31T23:59:59',
                  timeType: 'local',
                },
                doorRight: String(t.doorNo),
                RightPlan: [{ doorNo: t.doorNo, planTemplateNo: '1' }],
              },
            },
          });
          await deleteFace(t, employeeNo);
          await isapi.call(t, {
            method: 'POST',
            path: '/ISAPI/Intelligent/FDLib/FaceDataRecord?format=json',
            body: formData([
              {
                name: 'FaceDataRecord',
                type: 'application/json',
                data: Buffer.from(JSON.stringify({ faceLibType: 'blackFD', FDID: fdid, FPID: employeeNo })),
              },
              {
                name: 'FaceImage',
                type: isPng ? 'image/png' : 'image/jpeg',
                filename: isPng ? 'face.png' : 'face.jpg',
                data: image,
              },
            ]),
          });
        }
      },
      async remove(userId) {
        const employeeNo = employeeNoOf(userId);
        for (const t of terminals) {
          await deleteFace(t, employeeNo);
          await isapi.deleteUsers(t, [employeeNo]);
        }
        await ctx.kv.delete(kvKey(employeeNo));
      },
      async watch(onIdentified: (identified: FaceIdentified) => void) {
        const stops = terminals.map((t) =>
          watchAlertStream({
            isapi,
            terminal: t,
            logger: ctx.logger,
            connectTimeoutMs: ctx.settings.timeoutMs,
            onEvent(event) {
              const e = event.AccessControllerEvent;
              if (event.eventType !== 'AccessControllerEvent' || e?.subEventType !== FACE_PASSED) return;
              const employeeNo = String(e.employeeNoString ?? e.employeeNo ?? '');
              if (!employeeNo.startsWith('atrf')) return;
              const at = eventTime(event, ctx.clock.now());
              // The kv read makes this asynchronous; the stream goes on meanwhile.
              void ctx.kv.get<string>(kvKey(employeeNo)).then(
                (username) => {
                  if (username) onIdentified({ terminalId: t.id, username, score: 1, at });
                  else ctx.logger.warn({ terminal: t.id, employeeNo }, 'face identified, but not enrolled by Atrium');
                },
                (err: unknown) =>
                  ctx.logger.error({ terminal: t.id, err: String(err) }, 'face identified, kv unreadable'),
              );
            },
          }),
        );
        return () => stops.forEach((stop) => stop());
      },
      health: () => isapi.health(terminals),
    };
  },
});
