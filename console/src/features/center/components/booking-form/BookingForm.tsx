/**
 * The booking form (docs/product-rules.md R4), in sections: details (subject, phone, employee ID, remarks,
 * reminder), attendees (colleagues and guests) and, where allowed, the recurrence with a preview that marks the
 * conflicting dates and a choice to skip them. The employee ID starts as the user's employee number. The
 * server's field errors land on their fields; other refusals arrive as toasts from the api slice.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from 'semantic-ui-react';
import { useAppSelector } from '../../../../app/store.ts';
import { fieldErrorsOf, type FieldErrors } from '../../../../components/crud/index.ts';
import {
  useCreateBookingMutation,
  usePreviewBookingMutation,
  useSignedInUserQuery,
  type Booking,
  type SeriesAnswer,
} from '../../api.ts';
import { useAccess } from '../access.ts';
import { AttendeesSection } from './AttendeesSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { conflictsOf, draftReducer, emptyDraft, inputOf, validate, type BookingTarget } from './draft.ts';
import { RepeatSection } from './RepeatSection.tsx';
import { PriceLine } from './PriceLine.tsx';
import { useQuoteQuery, type Quote } from '../../credit-api.ts';
import '../center.css';

export type { BookingTarget };

interface Props {
  target: BookingTarget | null;
  onClose: () => void;
  onBooked: (result: Booking | SeriesAnswer) => void;
  /** A refusal of the booking itself (not a preview), with the server's message, for the screen's announcement. */
  onRefused?: (message: string) => void;
}

/** The server's field errors by the form's fields (`outerAttendees.0.email` shows on the guests). */
const byField = (error: unknown): FieldErrors =>
  Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([k, m]) => [k.split('.')[0]!, m]));

export function BookingForm({ target, onClose, onBooked, onRefused }: Props) {
  const { t } = useTranslation('center');
  const access = useAccess();
  const username = useAppSelector((s) => s.session.username);
  const { data: me } = useSignedInUserQuery(username, { skip: !target });
  const [draft, dispatch] = useReducer(draftReducer, undefined, () => emptyDraft(target?.date ?? '2000-01-01'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [create, { isLoading: saving }] = useCreateBookingMutation();
  const [runPreview, { isLoading: previewing }] = usePreviewBookingMutation();
  // A single booking is priced as soon as the form opens; a series with its preview (R10.5).
  const { data: quote } = useQuoteQuery(
    target && !draft.repeat
      ? {
          resourceId: target.resourceId,
          meetingDate: target.date,
          startTime: target.startTime,
          endTime: target.endTime,
        }
      : skipToken,
  );
  const [seriesQuote, setSeriesQuote] = useState<Quote | null>(null);
  const needPhone = access.setting('bookNeedPhone', false);
  const mayRepeat = access.setting('useCircleReservation') && access.can('bookings.bookSeries');

  useEffect(() => {
    if (!target) return;
    dispatch({ type: 'reset', draft: emptyDraft(target.date, me?.employeeNo) });
    setErrors({});
    // A new target starts a new draft; an employee number arriving later only fills an empty field (below).
  }, [target]);
  useEffect(() => {
    if (me?.employeeNo) dispatch({ type: 'employeeNo', value: me.employeeNo });
  }, [me?.employeeNo, target]);

  if (!target) return null;

  const check = (): boolean => {
    const local = validate(draft, needPhone, t);
    setErrors(local);
    return Object.keys(local).length === 0;
  };

  const preview = async () => {
    if (!check()) return;
    const answer = await runPreview(inputOf(target, draft));
    if ('data' in answer && answer.data) {
      dispatch({ type: 'preview', occurrences: answer.data.occurrences });
      setSeriesQuote(answer.data.quote);
    } else setErrors(byField(answer.error));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!check()) return;
    if (draft.repeat && !draft.preview) return preview();
    if (draft.repeat && conflictsOf(draft).length > 0 && !draft.skip) return setErrors({ skip: t('rec.chooseSkip') });
    const answer = await create(inputOf(target, draft));
    if ('data' in answer && answer.data) onBooked(answer.data);
    else {
      setErrors(byField(answer.error));
      onRefused?.((answer.error as { msg?: string } | undefined)?.msg ?? '');
    }
  };

  const section = { draft, dispatch, errors: draft.skip ? { ...errors, skip: '' } : errors };
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
        <Form id="booking-form" onSubmit={(e) => void submit(e)} noValidate>
          <DetailsSection {...section} needPhone={needPhone} />
          {access.setting('useAttendee') && <AttendeesSection {...section} />}
          {mayRepeat && <RepeatSection {...section} previewing={previewing} onPreview={() => void preview()} />}
        </Form>
        <PriceLine quote={draft.repeat ? draft.preview && seriesQuote : quote} />
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
          {draft.repeat && !draft.preview ? t('rec.preview') : t('form.book')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
