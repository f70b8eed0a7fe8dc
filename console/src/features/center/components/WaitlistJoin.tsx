/**
 * "Join the waitlist" for a taken range (docs/product-rules.md R25.2): a button that opens a small form with the
 * booking's subject and whether to book it automatically once the whole range frees.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Modal } from 'semantic-ui-react';
import { useToast } from '../../../app/hooks.ts';
import { useJoinWaitlistMutation } from '../waitlist-api.ts';

export interface WaitlistTarget {
  resourceId: number;
  resourceName: string;
  date: string;
  startTime: string;
  endTime: string;
}

export function WaitlistJoin({ target, onJoined }: { target: WaitlistTarget; onJoined?: () => void }) {
  const { t } = useTranslation('center');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [autoBook, setAutoBook] = useState(true);
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const range = `${target.startTime}–${target.endTime}`;
  const submit = async () => {
    try {
      await join({
        resourceId: target.resourceId,
        meetingDate: target.date,
        startTime: target.startTime,
        endTime: target.endTime,
        subject: subject.trim() || target.resourceName,
        autoBook,
      }).unwrap();
      toast('success', t(autoBook ? 'waitlist.joinedBooked' : 'waitlist.joined'));
      setOpen(false);
      onJoined?.();
    } catch {
      // toasted
    }
  };
  return (
    <>
      <Button
        size="small"
        basic
        icon="hourglass half"
        content={t('waitlist.join')}
        onClick={() => setOpen(true)}
        data-testid="waitlist-join"
      />
      <Modal
        className="center-modal"
        open={open}
        size="tiny"
        onClose={() => setOpen(false)}
        aria-labelledby="waitlist-join-title"
        data-testid="waitlist-join-modal"
      >
        <Modal.Header as="h2" id="waitlist-join-title">
          {t('waitlist.joinTitle')}
        </Modal.Header>
        <Modal.Content>
          <p>{t('waitlist.joinHelp', { name: target.resourceName, date: target.date, range })}</p>
          <Form id="waitlist-join-form" onSubmit={() => void submit()} noValidate>
            <Form.Input
              id="waitlist-subject"
              label={t('waitlist.subject')}
              value={subject}
              maxLength={100}
              placeholder={target.resourceName}
              onChange={(_, d) => setSubject(String(d.value ?? ''))}
            />
            <Form.Field>
              <Checkbox
                id="waitlist-auto"
                label={t('waitlist.autoBook')}
                checked={autoBook}
                onChange={(_, d) => setAutoBook(Boolean(d.checked))}
                data-testid="waitlist-auto"
              />
            </Form.Field>
          </Form>
        </Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            primary
            type="submit"
            form="waitlist-join-form"
            loading={isLoading}
            disabled={isLoading}
            data-testid="waitlist-join-submit"
          >
            {t('waitlist.join')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}
