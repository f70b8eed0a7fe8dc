import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Message, Modal } from 'semantic-ui-react';
import './texts.ts';

export interface FieldError {
  field: string;
  message: string;
}
export type FieldErrors = Record<string, string>;

/** The field errors of a server refusal (`errors: [{field, message}]`), by field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const body = (error as { body?: { errors?: FieldError[] } } | undefined)?.body;
  const out: FieldErrors = {};
  for (const e of body?.errors ?? []) {
    const key = e.field || '_';
    if (!out[key]) out[key] = e.message;
  }
  return out;
}

/** A Form.Field's `error` prop for one field. */
export function errorFor(errors: FieldErrors, field: string): { content: string; pointing: 'above' } | undefined {
  const msg = errors[field];
  return msg ? { content: msg, pointing: 'above' } : undefined;
}

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  saving?: boolean;
  errors?: FieldErrors;
  size?: 'tiny' | 'small' | 'large' | 'fullscreen';
  children: ReactNode;
  testId?: string;
  /** Hide the save button (view only). */
  readOnly?: boolean;
}

/** A form in a modal: save and cancel, with the server's field errors shown above the fields that have none of their own. */
export function FormModal({
  open,
  title,
  onClose,
  onSubmit,
  saving,
  errors = {},
  size = 'small',
  children,
  testId,
  readOnly,
}: Props) {
  const { t } = useTranslation('crud');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly) onSubmit();
  };
  const hasErrors = Object.keys(errors).length > 0;
  const formId = `${testId ?? 'crud'}-form`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      size={size}
      closeOnDimmerClick={false}
      aria-labelledby={`${formId}-title`}
      data-testid={testId}
    >
      <Modal.Header as="h2" id={`${formId}-title`}>
        {title}
      </Modal.Header>
      <Modal.Content scrolling>
        <Form id={formId} onSubmit={submit} error={hasErrors} noValidate>
          {hasErrors && (
            <Message
              error
              role="alert"
              header={t('fixFields')}
              list={Object.entries(errors).map(([f, m]) => `${f === '_' ? '' : `${f}: `}${m}`)}
            />
          )}
          {children}
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('cancel')}
        </Button>
        {!readOnly && (
          <Button type="submit" form={formId} primary loading={saving} disabled={saving} data-testid="form-save">
            {t('save')}
          </Button>
        )}
      </Modal.Actions>
    </Modal>
  );
}
