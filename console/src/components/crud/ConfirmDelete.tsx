import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';
import './texts.ts';

interface Props {
  /** The name of what is about to be deleted; null closes the dialog. */
  name: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  /** Another action asked about the same way (revoking): its title, question and button. */
  title?: string;
  question?: string;
  action?: string;
}

/** Asks before deleting, or before another action that takes something away. */
export function ConfirmDelete({ name, onCancel, onConfirm, busy, title, question, action }: Props) {
  const { t } = useTranslation('crud');
  return (
    <Modal
      open={name !== null}
      size="tiny"
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby="confirm-delete-title"
      aria-describedby="confirm-delete-text"
      data-testid="confirm-delete"
    >
      <Modal.Header as="h2" id="confirm-delete-title">
        {title ?? t('confirmDelete')}
      </Modal.Header>
      <Modal.Content>
        <p id="confirm-delete-text">{question ?? t('deleteQuestion', { name: name ?? '' })}</p>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onCancel} autoFocus>
          {t('cancel')}
        </Button>
        <Button
          type="button"
          negative
          loading={busy}
          disabled={busy}
          onClick={onConfirm}
          data-testid="confirm-delete-yes"
        >
          {action ?? t('delete')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
