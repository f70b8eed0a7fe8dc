import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';
import './texts.ts';

interface Props {
  /** The name of what is about to be deleted; null closes the dialog. */
  name: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}

/** Asks before deleting. */
export function ConfirmDelete({ name, onCancel, onConfirm, busy }: Props) {
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
        {t('confirmDelete')}
      </Modal.Header>
      <Modal.Content>
        <p id="confirm-delete-text">{t('deleteQuestion', { name: name ?? '' })}</p>
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
          {t('delete')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
