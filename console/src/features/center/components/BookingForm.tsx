/**
 * The booking form: subject, phone, employee ID, remarks,
 * inner attendees from the contacts, outer guests, reminder and, where
 * allowed, the recurrence with a preview that marks the conflicting dates and
 * a choice to skip them. Server refusals arrive as toasts from the api slice.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Form, Label, List, Message, Modal } from 'semantic-ui-react';
import { useAccess } from './access.ts';
import { useContactsQuery, useCreateBookingMutation, usePreviewBookingMutation } from '../api.ts';
import { defaultRecurrence, RecurrenceEditor } from './RecurrenceEditor.tsx';
import type { Attendee, Booking, BookingInput, Occurrence, Recurrence, SeriesAnswer } from '../types.ts';
import './center.css';

export interface BookingTarget {
  resourceId: number;
  resourceName: string;
  date: string;
  startTime: string;
  endTime: string;
}

export const REMINDERS = [0, 5, 10, 15, 30, 60, 120, 1440];

interface Props {
  target: BookingTarget | null;
  onClose: () => void;
  onBooked: (result: Booking | SeriesAnswer) => void;
}

export function BookingForm({ target, onClose, onBooked }: Props) {
  const { t } = useTranslation('center');
  const access = useAccess();
  const [subject, setSubject] = useState('');
  const [phone, setPhone] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const [remarks, setRemarks] = useState('');
  const [inner, setInner] = useState<number[]>([]);
  const [outer, setOuter] = useState<Attendee[]>([]);
  const [reminder, setReminder] = useState(15);
  const [repeat, setRepeat] = useState(false);
  const [rec, setRec] = useState<Recurrence>(() => defaultRecurrence(target?.date ?? '2000-01-01'));
  const [preview, setPreview] = useState<Occurrence[] | null>(null);
  const [skip, setSkip] = useState(false);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isLoading: saving }] = useCreateBookingMutation();
  const [runPreview, { isLoading: previewing }] = usePreviewBookingMutation();
  const useAttendee = access.setting('useAttendee');
  const needPhone = access.setting('bookNeedPhone', false);
  const mayRepeat =
    access.setting('useCircleReservation') &&
    (access.can('center:reserve:circle') || access.can('center:recurring:circle'));
  const { data: contacts = [] } = useContactsQuery(search, { skip: !target || !useAttendee });

  useEffect(() => {
    if (target) {
      setRec(defaultRecurrence(target.date));
      setPreview(null);
      setSkip(false);
      setErrors({});
    }
  }, [target]);

  if (!target) return null;

  const input = (): BookingInput => ({
    resourceId: target.resourceId,
    meetingDate: target.date,
    startTime: target.startTime,
    endTime: target.endTime,
    subject,
    phone: phone || undefined,
    employeeId: employeeId || undefined,
    remarks: remarks || undefined,
    innerAttendees: inner,
    outerAttendees: outer.filter((o) => o.name || o.email),
    reminderMinutes: reminder,
    ...(repeat ? { recurrence: { ...rec, until: rec.until || undefined } } : {}),
  });

  const validate = (): boolean => {
    const e: Record<string, string> = {};
    if (!subject.trim()) e.subject = t('form.required');
    if ((needPhone || phone.trim()) && (phone.trim().length < 3 || phone.trim().length > 20))
      e.phone = t('form.phoneRule');
    if (!employeeId.trim()) e.employeeId = t('form.required');
    if (outer.some((o) => !o.name.trim() || !/^\S+@\S+\.\S+$/.test(o.email.trim()))) e.outer = t('form.outerRule');
    if (repeat && rec.freq === 'weekly' && !(rec.byWeekday ?? []).length) e.rec = t('rec.needDay');
    if (repeat && rec.count === undefined && !rec.until) e.rec = t('rec.needRange');
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const conflicts = (preview ?? []).filter((o) => !o.ok);

  const onPreview = async () => {
    if (!validate()) return;
    try {
      const answer = await runPreview(input()).unwrap();
      setPreview(answer.occurrences);
    } catch {
      // toasted
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!validate()) return;
    if (repeat && !preview) {
      await onPreview();
      return;
    }
    if (repeat && conflicts.length > 0 && !skip) {
      setErrors({ skip: t('rec.chooseSkip') });
      return;
    }
    try {
      const result = await create({
        ...input(),
        ...(repeat ? { conflictPolicy: skip ? 'skip' : 'fail' } : {}),
      }).unwrap();
      onBooked(result);
    } catch {
      // the api slice toasts the server's message
    }
  };

  const err = (k: string) => (errors[k] ? { content: errors[k], pointing: 'above' as const } : undefined);

  return (
    <Modal
      className="center-modal"
      open
      onClose={onClose}
      size="small"
      aria-labelledby="booking-form-title"
      data-testid="booking-form"
    >
      <Modal.Header id="booking-form-title">{t('form.title')}</Modal.Header>
      <Modal.Content scrolling>
        <p className="booking-when" data-testid="booking-when">
          <strong>{target.resourceName}</strong> · {target.date} {target.startTime}–{target.endTime}
        </p>
        <Form id="booking-form" onSubmit={submit} noValidate>
          <Form.Input
            id="bk-subject"
            label={t('form.subject')}
            required
            value={subject}
            maxLength={100}
            onChange={(_, d) => setSubject(String(d.value))}
            error={err('subject')}
          />
          <Form.Group widths="equal">
            <Form.Input
              id="bk-phone"
              label={t('form.phone')}
              required={needPhone}
              value={phone}
              maxLength={20}
              onChange={(_, d) => setPhone(String(d.value))}
              error={err('phone')}
            />
            <Form.Input
              id="bk-employee"
              label={t('form.employeeId')}
              required
              value={employeeId}
              maxLength={50}
              onChange={(_, d) => setEmployeeId(String(d.value))}
              error={err('employeeId')}
            />
          </Form.Group>
          <Form.TextArea
            id="bk-remarks"
            label={t('form.remarks')}
            value={remarks}
            maxLength={300}
            rows={2}
            onChange={(_, d) => setRemarks(String(d.value ?? ''))}
          />
          {useAttendee && (
            <>
              <Form.Field>
                <label htmlFor="bk-inner-search">{t('form.inner')}</label>
                <Dropdown
                  id="bk-inner"
                  searchInput={{ id: 'bk-inner-search' }}
                  fluid
                  multiple
                  search
                  selection
                  options={contacts.map((c) => ({
                    key: c.id,
                    value: c.id,
                    text: c.realName ? `${c.realName} (${c.name})` : c.name,
                  }))}
                  value={inner}
                  onSearchChange={(_, d) => setSearch(d.searchQuery)}
                  onChange={(_, d) => setInner((d.value as number[]) ?? [])}
                  noResultsMessage={t('common.none')}
                />
              </Form.Field>
              <Form.Field error={Boolean(errors.outer)}>
                <label id="bk-outer-label">{t('form.outer')}</label>
                {outer.map((o, i) => (
                  <div className="outer-row" key={i} role="group" aria-labelledby="bk-outer-label">
                    <input
                      aria-label={t('form.outerName')}
                      placeholder={t('form.outerName')}
                      value={o.name}
                      onChange={(e) => setOuter(outer.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
                    />
                    <input
                      aria-label={t('form.outerEmail')}
                      placeholder={t('form.outerEmail')}
                      type="email"
                      value={o.email}
                      onChange={(e) => setOuter(outer.map((x, j) => (j === i ? { ...x, email: e.target.value } : x)))}
                    />
                    <Button
                      type="button"
                      icon="trash"
                      basic
                      aria-label={t('form.removeOuter')}
                      onClick={() => setOuter(outer.filter((_, j) => j !== i))}
                    />
                  </div>
                ))}
                {errors.outer && (
                  <Label basic color="red" pointing>
                    {errors.outer}
                  </Label>
                )}
                <Button
                  type="button"
                  size="tiny"
                  basic
                  icon="add"
                  content={t('form.addOuter')}
                  onClick={() => setOuter([...outer, { name: '', email: '' }])}
                />
              </Form.Field>
            </>
          )}
          <Form.Field>
            <label htmlFor="bk-reminder">{t('form.reminder')}</label>
            <select id="bk-reminder" value={reminder} onChange={(e) => setReminder(Number(e.target.value))}>
              {REMINDERS.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? t('form.noReminder') : t('form.minutesBefore', { count: m })}
                </option>
              ))}
            </select>
          </Form.Field>
          {mayRepeat && (
            <Form.Field>
              <div className="ui checkbox">
                <input
                  id="bk-repeat"
                  type="checkbox"
                  checked={repeat}
                  onChange={(e) => {
                    setRepeat(e.target.checked);
                    setPreview(null);
                  }}
                />
                <label htmlFor="bk-repeat">{t('rec.repeat')}</label>
              </div>
            </Form.Field>
          )}
          {repeat && (
            <>
              <RecurrenceEditor
                value={rec}
                onChange={(r) => {
                  setRec(r);
                  setPreview(null);
                  setSkip(false);
                }}
              />
              {errors.rec && <Message negative size="small" content={errors.rec} />}
              <Button
                type="button"
                basic
                loading={previewing}
                onClick={() => void onPreview()}
                data-testid="rec-preview"
              >
                {t('rec.preview')}
              </Button>
              {preview && (
                <div className="rec-preview" data-testid="rec-preview-list">
                  <p>{t('rec.previewSummary', { total: preview.length, conflicts: conflicts.length })}</p>
                  <List divided relaxed>
                    {preview.map((o) => (
                      <List.Item
                        key={o.date}
                        className={o.ok ? 'occ-ok' : 'occ-conflict'}
                        data-date={o.date}
                        data-ok={o.ok}
                      >
                        <List.Icon
                          name={o.ok ? 'check' : 'warning sign'}
                          color={o.ok ? 'green' : 'red'}
                          aria-hidden="true"
                        />
                        <List.Content>
                          {o.date} {o.ok ? t('rec.ok') : t('rec.conflict')}
                          {o.failures.map((f) => (
                            <div key={f.key} className="occ-reason">
                              {f.msg}
                            </div>
                          ))}
                        </List.Content>
                      </List.Item>
                    ))}
                  </List>
                  {conflicts.length > 0 && (
                    <div className="ui checkbox">
                      <input
                        id="bk-skip"
                        type="checkbox"
                        checked={skip}
                        onChange={(e) => {
                          setSkip(e.target.checked);
                          setErrors({});
                        }}
                      />
                      <label htmlFor="bk-skip">{t('rec.skip', { count: conflicts.length })}</label>
                    </div>
                  )}
                  {errors.skip && <Message negative size="small" content={errors.skip} />}
                </div>
              )}
            </>
          )}
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          primary
          type="submit"
          form="booking-form"
          loading={saving}
          disabled={saving}
          data-testid="booking-submit"
        >
          {repeat && !preview ? t('rec.preview') : t('form.book')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
