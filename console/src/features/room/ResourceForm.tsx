/** The full resource form (SPEC.md §3 Resource, §5): details, availability, people, devices, images and the QR code. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Header, Icon, Image, Segment, Table } from 'semantic-ui-react';
import { ImageCropper, type CropperLabels } from '../../components/cropper/index.ts';
import { errorFor, FormModal, fieldErrorsOf, type FieldErrors } from '../../components/crud/index.ts';
import { timeZones } from './BuildingScreen.tsx';
import {
  MAX_IMAGE_BYTES,
  uploadImage,
  useOptions,
  useRoomGetQuery,
  useRoomSaveMutation,
  type Device,
  type Floor,
  type Group,
  type Location,
  type Resource,
} from './api.ts';
import { AuthedImage, useToast, WEEKDAYS } from './common.tsx';
import { MultiSelect, UserPicker } from './pickers.tsx';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Period {
  id?: number;
  startAt?: number;
  endAt?: number;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  reason: string;
}
export interface ResourceDraft {
  id: number | null;
  name: string;
  type: number;
  capacity: string;
  area: string;
  description: string;
  cableCount: string;
  portCount: string;
  outletCount: string;
  teleconferenceNo: string;
  locationId: number | null;
  floorId: number | null;
  price: string;
  timeZone: string;
  allDay: boolean;
  status: 0 | 1;
  startDate: string;
  endDate: string;
  wholeDay: boolean;
  weekdays: Array<{ weekday: number; enabled: boolean; timeFrom: string; timeTo: string }>;
  periods: Period[];
  approverIds: number[];
  exemptUserIds: number[];
  groupIds: number[];
  deviceIds: number[];
  imageIds: string[];
  iconId: number | null;
  position: { x: number; y: number } | null;
  sort: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const split = (ms: number) => {
  const d = new Date(ms);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
};

export function emptyDraft(type: number): ResourceDraft {
  return {
    id: null,
    name: '',
    type,
    capacity: type === 1 ? '1' : '',
    area: '',
    description: '',
    cableCount: '0',
    portCount: '0',
    outletCount: '0',
    teleconferenceNo: '',
    locationId: null,
    floorId: null,
    price: '0',
    timeZone: '',
    allDay: false,
    status: 1,
    startDate: '',
    endDate: '',
    wholeDay: false,
    weekdays: WEEKDAYS.map((weekday) => ({
      weekday,
      enabled: weekday >= 1 && weekday <= 5,
      timeFrom: '08:00',
      timeTo: '20:00',
    })),
    periods: [],
    approverIds: [],
    exemptUserIds: [],
    groupIds: [],
    deviceIds: [],
    imageIds: [],
    iconId: null,
    position: null,
    sort: 0,
  };
}

export function draftOf(r: Resource): ResourceDraft {
  const byDay = new Map(r.weekdays.map((w) => [w.weekday, w]));
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    capacity: String(r.capacity),
    area: r.area === null ? '' : String(r.area),
    description: r.description ?? '',
    cableCount: String(r.cableCount),
    portCount: String(r.portCount),
    outletCount: String(r.outletCount),
    teleconferenceNo: r.teleconferenceNo ?? '',
    locationId: r.locationId,
    floorId: r.floorId,
    price: (r.pricePerHour / 100).toFixed(2),
    timeZone: r.timeZone,
    allDay: r.allDay,
    status: r.status === 0 ? 0 : 1,
    startDate: r.startDate ?? '',
    endDate: r.endDate ?? '',
    wholeDay: r.wholeDay,
    weekdays: WEEKDAYS.map((weekday) => {
      const w = byDay.get(weekday);
      return w ? { ...w } : { weekday, enabled: true, timeFrom: '00:00', timeTo: '24:00' };
    }),
    periods: r.disabledPeriods.map((p) => {
      const s = split(p.startAt);
      const e = split(p.endAt);
      return {
        id: p.id,
        startAt: p.startAt,
        endAt: p.endAt,
        startDate: s.date,
        startTime: s.time,
        endDate: e.date,
        endTime: e.time,
        reason: p.reason ?? '',
      };
    }),
    approverIds: r.approverIds,
    exemptUserIds: r.exemptUserIds,
    groupIds: r.groupIds,
    deviceIds: r.deviceIds,
    imageIds: r.imageIds,
    iconId: r.iconId,
    position: r.position,
    sort: r.sort,
  };
}

/** The body PUT/POST /room/resources expects. */
export function bodyOf(d: ResourceDraft): Record<string, unknown> {
  const int = (v: string) => (v.trim() === '' ? 0 : Math.round(Number(v)));
  return {
    name: d.name,
    type: d.type,
    capacity: int(d.capacity),
    area: d.area.trim() === '' ? null : Number(d.area),
    description: d.description || null,
    cableCount: int(d.cableCount),
    portCount: int(d.portCount),
    outletCount: int(d.outletCount),
    teleconferenceNo: d.teleconferenceNo || null,
    locationId: d.locationId,
    floorId: d.floorId,
    pricePerHour: Math.round(Number(d.price || 0) * 100),
    timeZone: d.timeZone || undefined,
    allDay: d.allDay,
    status: d.status,
    startDate: d.startDate || null,
    endDate: d.endDate || null,
    wholeDay: d.wholeDay,
    weekdays: d.weekdays,
    disabledPeriods: d.periods.map((p) => {
      const unchanged =
        p.startAt !== undefined &&
        p.endAt !== undefined &&
        split(p.startAt).date === p.startDate &&
        split(p.startAt).time === p.startTime &&
        split(p.endAt).date === p.endDate &&
        split(p.endAt).time === p.endTime;
      return unchanged
        ? { startAt: p.startAt, endAt: p.endAt, reason: p.reason || null }
        : {
            startDate: p.startDate,
            startTime: p.startTime,
            endDate: p.endDate,
            endTime: p.endTime,
            reason: p.reason || null,
          };
    }),
    approverIds: d.approverIds,
    exemptUserIds: d.exemptUserIds,
    groupIds: d.groupIds,
    deviceIds: d.deviceIds,
    imageIds: d.imageIds,
    iconId: d.iconId,
    position: d.position,
    sort: d.sort,
  };
}

/** The checks of SPEC.md §5 made before sending. */
function validate(d: ResourceDraft, t: (k: string, o?: Record<string, unknown>) => string): FieldErrors {
  const e: FieldErrors = {};
  if (!d.name.trim()) e.name = t('form.required');
  if (!d.locationId) e.locationId = t('form.required');
  if (!/^\d+$/.test(d.capacity.trim()) || Number(d.capacity) < 1) e.capacity = t('form.positiveInt');
  if (d.price.trim() === '' || !(Number(d.price) >= 0)) e.pricePerHour = t('form.required');
  if (d.area.trim() !== '' && !(Number(d.area) >= 0)) e.area = t('form.number');
  for (const k of ['cableCount', 'portCount', 'outletCount'] as const)
    if (d[k].trim() !== '' && !/^\d+$/.test(d[k].trim())) e[k] = t('form.nonNegativeInt');
  if (d.deviceIds.length > 7) e.deviceIds = t('form.maxDevices');
  if (d.startDate && d.endDate && d.startDate > d.endDate) e.endDate = t('form.endBeforeStart');
  d.weekdays.forEach((w) => {
    if (!HHMM.test(w.timeFrom) || !HHMM.test(w.timeTo)) e[`weekdays.${w.weekday}`] = t('form.hhmm');
    else if (w.timeFrom >= w.timeTo) e[`weekdays.${w.weekday}`] = t('form.toAfterFrom');
  });
  d.periods.forEach((p, i) => {
    if (!DATE.test(p.startDate) || !DATE.test(p.endDate) || !HHMM.test(p.startTime) || !HHMM.test(p.endTime))
      e[`disabledPeriods.${i}`] = t('form.periodDates');
    else if (`${p.endDate} ${p.endTime}` <= `${p.startDate} ${p.startTime}`)
      e[`disabledPeriods.${i}`] = t('form.endBeforeStart');
  });
  return e;
}

/** Resource images are cropped to 4:3. */
const RESOURCE_IMAGE_ASPECT = 4 / 3;

/** The cropper's texts from the room bundle. */
export function cropperLabels(t: (k: string, o?: Record<string, unknown>) => string): CropperLabels {
  return {
    choose: t('chooseImage'),
    hint: t('cropper.hint'),
    picture: t('cropper.picture'),
    area: t('cropper.area'),
    upload: t('cropper.upload'),
    discard: t('cropper.discard'),
    status: (r) => t('cropper.status', { width: r.width, height: r.height, x: r.x, y: r.y }),
    problems: {
      chooseFirst: t('upload.chooseFirst'),
      badType: t('cropper.badType'),
      tooLarge: t('cropper.tooLarge'),
      unreadable: t('cropper.unreadable'),
      stillTooLarge: t('cropper.stillTooLarge'),
    },
  };
}

interface Props {
  editId: number | null;
  /** Creating: the type to start with. */
  type: number;
  types: number[];
  open: boolean;
  onClose: () => void;
}

export function ResourceForm({ editId, type, types, open, onClose }: Props) {
  const { t } = useTranslation('room');
  const toast = useToast();
  const { data: loaded } = useRoomGetQuery(`/room/resources/${editId}`, {
    skip: !open || !editId,
    refetchOnMountOrArgChange: true,
  });
  const [draft, setDraft] = useState<ResourceDraft>(() => emptyDraft(type));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [save, saving] = useRoomSaveMutation();
  const { data: locations } = useOptions<Location>('/room/locations', {}, !open);
  const { data: floors } = useOptions<Floor>(
    '/room/floors',
    { locationId: draft.locationId ?? undefined },
    !open || !draft.locationId,
  );
  const { data: devices } = useOptions<Device>('/room/devices', {}, !open);
  const { data: groups } = useOptions<Group>('/sys/groups', {}, !open);
  const zones = useRef(timeZones()).current;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    if (!editId) setDraft(emptyDraft(type));
  }, [open, editId, type]);
  useEffect(() => {
    if (open && editId && loaded && (loaded as Resource).id === editId) setDraft(draftOf(loaded as Resource));
  }, [open, editId, loaded]);

  const set = <K extends keyof ResourceDraft>(k: K, v: ResourceDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setDay = (weekday: number, patch: Partial<ResourceDraft['weekdays'][number]>) =>
    setDraft((d) => ({ ...d, weekdays: d.weekdays.map((w) => (w.weekday === weekday ? { ...w, ...patch } : w)) }));
  const setPeriod = (i: number, patch: Partial<Period>) =>
    setDraft((d) => ({ ...d, periods: d.periods.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));

  const submit = async () => {
    const local = validate(draft, t);
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await save({ path: '/room/resources', id: draft.id, body: bodyOf(draft) });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    onClose();
  };
  /** The cropped JPEG goes up as a resource image and joins the draft's images. */
  const upload = async (file: File): Promise<boolean> => {
    try {
      const bean = await uploadImage(file, 'resourceImage');
      setDraft((d) => ({ ...d, imageIds: [...d.imageIds, bean.id] }));
      return true;
    } catch (err) {
      toast('error', (err as Error).message || t('upload.failed'));
      return false;
    }
  };

  const typeName = (n: number) => (n === 0 ? t('type.room') : n === 1 ? t('type.desk') : t('type.other', { n }));
  const num = (
    k: 'capacity' | 'area' | 'cableCount' | 'portCount' | 'outletCount' | 'price',
    field: string = k,
    extra: Record<string, unknown> = {},
  ) => (
    <Form.Input
      id={`res-${k}`}
      type="number"
      min={0}
      label={t(`field.${k}`)}
      value={draft[k]}
      error={errorFor(errors, field)}
      onChange={(_, d) => set(k, d.value)}
      {...extra}
    />
  );
  return (
    <FormModal
      open={open}
      size="large"
      title={editId ? t('resource.edit') : t('resource.add')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving.isLoading}
      errors={errors}
      testId="resource-form"
    >
      <Header as="h3">{t('section.details')}</Header>
      <Form.Group widths="equal">
        <Form.Input
          id="res-name"
          label={t('field.name')}
          required
          maxLength={100}
          value={draft.name}
          error={errorFor(errors, 'name')}
          onChange={(_, d) => set('name', d.value)}
        />
        <Form.Field required>
          <label htmlFor="res-type">{t('field.type')}</label>
          <select
            id="res-type"
            className="ui dropdown"
            value={draft.type}
            onChange={(e) => set('type', Number(e.target.value))}
          >
            {(types.includes(draft.type) ? types : [...types, draft.type]).map((n) => (
              <option key={n} value={n}>
                {typeName(n)}
              </option>
            ))}
          </select>
        </Form.Field>
        {num('capacity', 'capacity', { required: true, min: 1 })}
        {num('area')}
      </Form.Group>
      <Form.Group widths="equal">
        {num('cableCount')}
        {num('portCount')}
        {num('outletCount')}
        <Form.Input
          id="res-tel"
          label={t('field.teleconferenceNo')}
          maxLength={50}
          value={draft.teleconferenceNo}
          error={errorFor(errors, 'teleconferenceNo')}
          onChange={(_, d) => set('teleconferenceNo', d.value)}
        />
      </Form.Group>
      <Form.Group widths="equal">
        <Form.Field required error={Boolean(errors.locationId)}>
          <label htmlFor="res-location">{t('field.location')}</label>
          <select
            id="res-location"
            className="ui dropdown"
            value={draft.locationId ?? ''}
            aria-invalid={Boolean(errors.locationId)}
            onChange={(e) =>
              setDraft((d) => ({ ...d, locationId: e.target.value ? Number(e.target.value) : null, floorId: null }))
            }
          >
            <option value="">{t('choose')}</option>
            {locations?.items.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          {errors.locationId && (
            <div className="ui pointing above prompt label" role="alert">
              {errors.locationId}
            </div>
          )}
        </Form.Field>
        <Form.Field>
          <label htmlFor="res-floor">{t('field.floor')}</label>
          <select
            id="res-floor"
            className="ui dropdown"
            value={draft.floorId ?? ''}
            disabled={!draft.locationId}
            onChange={(e) => set('floorId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('none')}</option>
            {floors?.items.map((f) => (
              <option key={f.id} value={f.id}>
                {f.displayName}
              </option>
            ))}
          </select>
        </Form.Field>
        {num('price', 'pricePerHour', { required: true, step: '0.01' })}
        <Form.Field>
          <label htmlFor="res-tz">{t('field.timeZone')}</label>
          <select
            id="res-tz"
            className="ui dropdown"
            value={draft.timeZone}
            onChange={(e) => set('timeZone', e.target.value)}
          >
            <option value="">{t('tzOfLocation')}</option>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </Form.Field>
      </Form.Group>
      <Form.TextArea
        id="res-desc"
        label={t('field.description')}
        maxLength={300}
        rows={2}
        value={draft.description}
        onChange={(_, d) => set('description', String(d.value))}
      />

      <Header as="h3">{t('section.availability')}</Header>
      <Form.Group inline>
        <Form.Field>
          <Checkbox
            id="res-status"
            toggle
            label={t('field.open')}
            checked={draft.status === 1}
            onChange={(_, d) => set('status', d.checked ? 1 : 0)}
          />
        </Form.Field>
        <Form.Field>
          <Checkbox
            id="res-allday"
            label={t('field.allDay')}
            checked={draft.allDay}
            onChange={(_, d) => set('allDay', Boolean(d.checked))}
          />
        </Form.Field>
        <Form.Field>
          <Checkbox
            id="res-wholeday"
            label={t('field.wholeDay')}
            checked={draft.wholeDay}
            onChange={(_, d) => set('wholeDay', Boolean(d.checked))}
          />
        </Form.Field>
      </Form.Group>
      <Form.Group widths="equal">
        <Form.Input
          id="res-start"
          type="date"
          label={t('field.startDate')}
          value={draft.startDate}
          error={errorFor(errors, 'startDate')}
          onChange={(_, d) => set('startDate', d.value)}
        />
        <Form.Input
          id="res-end"
          type="date"
          label={t('field.endDate')}
          value={draft.endDate}
          error={errorFor(errors, 'endDate')}
          onChange={(_, d) => set('endDate', d.value)}
        />
      </Form.Group>
      <Table compact celled unstackable aria-label={t('section.weekly')} data-testid="weekly">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell scope="col">{t('field.weekday')}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t('field.enabled')}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t('field.timeFrom')}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t('field.timeTo')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {draft.weekdays.map((w) => {
            const day = t(`weekday.${w.weekday}`);
            const err = errors[`weekdays.${w.weekday}`];
            return (
              <Table.Row key={w.weekday} error={Boolean(err)} data-weekday={w.weekday}>
                <Table.Cell>
                  {day}
                  {err && (
                    <div role="alert" className="ui red text">
                      {err}
                    </div>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <input
                    type="checkbox"
                    id={`wd-${w.weekday}-on`}
                    aria-label={`${day}: ${t('field.enabled')}`}
                    checked={w.enabled}
                    onChange={(e) => setDay(w.weekday, { enabled: e.target.checked })}
                  />
                </Table.Cell>
                <Table.Cell>
                  <div className="ui mini input">
                    <input
                      id={`wd-${w.weekday}-from`}
                      aria-label={`${day}: ${t('field.timeFrom')}`}
                      placeholder="HH:mm"
                      value={w.timeFrom}
                      maxLength={5}
                      onChange={(e) => setDay(w.weekday, { timeFrom: e.target.value })}
                    />
                  </div>
                </Table.Cell>
                <Table.Cell>
                  <div className="ui mini input">
                    <input
                      id={`wd-${w.weekday}-to`}
                      aria-label={`${day}: ${t('field.timeTo')}`}
                      placeholder="HH:mm"
                      value={w.timeTo}
                      maxLength={5}
                      onChange={(e) => setDay(w.weekday, { timeTo: e.target.value })}
                    />
                  </div>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table>

      <Header as="h3">{t('section.disabled')}</Header>
      {draft.periods.length === 0 && <p className="muted">{t('noPeriods')}</p>}
      {draft.periods.map((p, i) => (
        <Segment key={p.id ?? `new-${i}`} data-testid="period">
          {errors[`disabledPeriods.${i}`] && (
            <div role="alert" className="ui red text">
              {errors[`disabledPeriods.${i}`]}
            </div>
          )}
          <Form.Group widths="equal">
            <Form.Input
              id={`p-${i}-sd`}
              type="date"
              label={t('field.startDate')}
              value={p.startDate}
              onChange={(_, d) => setPeriod(i, { startDate: d.value })}
            />
            <Form.Input
              id={`p-${i}-st`}
              label={t('field.startTime')}
              placeholder="HH:mm"
              value={p.startTime}
              onChange={(_, d) => setPeriod(i, { startTime: d.value })}
            />
            <Form.Input
              id={`p-${i}-ed`}
              type="date"
              label={t('field.endDate')}
              value={p.endDate}
              onChange={(_, d) => setPeriod(i, { endDate: d.value })}
            />
            <Form.Input
              id={`p-${i}-et`}
              label={t('field.endTime')}
              placeholder="HH:mm"
              value={p.endTime}
              onChange={(_, d) => setPeriod(i, { endTime: d.value })}
            />
          </Form.Group>
          <Form.Group>
            <Form.Input
              width={12}
              id={`p-${i}-reason`}
              label={t('field.reason')}
              maxLength={300}
              value={p.reason}
              onChange={(_, d) => setPeriod(i, { reason: d.value })}
            />
            <Form.Field width={4} style={{ alignSelf: 'flex-end' }}>
              <Button
                type="button"
                basic
                negative
                icon="trash"
                content={t('remove')}
                onClick={() => setDraft((d) => ({ ...d, periods: d.periods.filter((_, j) => j !== i) }))}
              />
            </Form.Field>
          </Form.Group>
        </Segment>
      ))}
      <Button
        type="button"
        basic
        icon="plus"
        content={t('addPeriod')}
        data-testid="add-period"
        onClick={() =>
          setDraft((d) => ({
            ...d,
            periods: [...d.periods, { startDate: '', startTime: '00:00', endDate: '', endTime: '24:00', reason: '' }],
          }))
        }
      />

      <Header as="h3">{t('section.people')}</Header>
      <UserPicker
        id="res-approvers"
        label={t('field.approvers')}
        value={draft.approverIds}
        onChange={(v) => set('approverIds', v)}
      />
      <UserPicker
        id="res-exempt"
        label={t('field.exempt')}
        value={draft.exemptUserIds}
        onChange={(v) => set('exemptUserIds', v)}
      />
      <Form.Group widths="equal">
        <MultiSelect
          id="res-groups"
          label={t('field.groups')}
          value={draft.groupIds}
          onChange={(v) => set('groupIds', v)}
          options={(groups?.items ?? []).map((g) => ({ value: g.id, text: g.name }))}
        />
        <MultiSelect
          id="res-devices"
          label={t('field.devices')}
          max={7}
          value={draft.deviceIds}
          error={errors.deviceIds}
          onChange={(v) => set('deviceIds', v)}
          options={(devices?.items ?? []).map((d) => ({ value: d.id, text: `${d.name} (${d.deviceNo})` }))}
        />
      </Form.Group>

      <Header as="h3">{t('section.images')}</Header>
      <Image.Group size="small">
        {draft.imageIds.map((id, i) => (
          <span
            key={id}
            style={{ display: 'inline-block', position: 'relative', marginRight: '0.5em' }}
            data-testid="resource-image"
          >
            <AuthedImage
              path={`/upload/${id}`}
              alt={t('imageN', { n: i + 1 })}
              style={{ maxWidth: 120, maxHeight: 90 }}
            />
            <Button
              type="button"
              size="mini"
              icon="close"
              aria-label={`${t('remove')} ${t('imageN', { n: i + 1 })}`}
              onClick={() =>
                set(
                  'imageIds',
                  draft.imageIds.filter((x) => x !== id),
                )
              }
            />
          </span>
        ))}
      </Image.Group>
      <ImageCropper
        id="res-image-file"
        aspect={RESOURCE_IMAGE_ASPECT}
        labels={cropperLabels(t)}
        maxBytes={MAX_IMAGE_BYTES}
        uploadTestId="upload-image"
        onProblem={(text) => toast('warning', text)}
        onUpload={upload}
      />
      {editId && (
        <>
          <Header as="h3">{t('section.qr')}</Header>
          <AuthedImage
            path={`/room/resources/${editId}/qrcode`}
            query={{ size: 150 }}
            alt={t('qrOf', { name: draft.name })}
            testId="qrcode"
          />
          <p className="muted">
            <Icon name="qrcode" aria-hidden="true" /> {t('qrHint')}
          </p>
        </>
      )}
    </FormModal>
  );
}
