/**
 * The mass-disable guard's question (R21.4): the run stopped before changing anything because it would disable
 * more accounts than a sync may without asking. Lists them, and goes on only when asked to.
 */
import { useTranslation } from 'react-i18next';
import { Button, List, Modal } from 'semantic-ui-react';
import type { RunDetail } from '../../api.ts';
import { useReturnFocus } from './useReturnFocus.ts';

const LISTED = 50;

export function ConfirmDisable({
  run,
  busy,
  onCancel,
  onConfirm,
  returnTo,
}: {
  run: RunDetail | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Where the keyboard goes when the dialog closes. */
  returnTo: () => HTMLElement | null | undefined;
}) {
  const { t } = useTranslation('inte');
  useReturnFocus(run !== null, returnTo);
  const leaving = (run?.report ?? []).filter((l) => l.action === 'disable');
  const count = run?.counts.disabled ?? 0;
  return (
    <Modal
      open={run !== null}
      size="small"
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby="directory-confirm-title"
      aria-describedby="directory-confirm-text"
      data-testid="directory-confirm"
    >
      <Modal.Header as="h2" id="directory-confirm-title">
        {t('directory.confirm.title', { count })}
      </Modal.Header>
      <Modal.Content>
        <p id="directory-confirm-text">{t('directory.confirm.text', { count })}</p>
        <h3 className="ui small header" id="directory-confirm-list">
          {t('directory.confirm.list')}
        </h3>
        <List
          bulleted
          className="directory-disable-list"
          aria-labelledby="directory-confirm-list"
          data-testid="directory-confirm-list"
          tabIndex={0}
        >
          {leaving.slice(0, LISTED).map((l) => (
            <List.Item key={l.externalId}>{l.username}</List.Item>
          ))}
        </List>
        {count > Math.min(leaving.length, LISTED) && (
          <p>{t('directory.confirm.more', { count: count - Math.min(leaving.length, LISTED) })}</p>
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onCancel} autoFocus>
          {t('directory.confirm.cancel')}
        </Button>
        <Button
          type="button"
          negative
          loading={busy}
          disabled={busy}
          onClick={onConfirm}
          data-testid="directory-confirm-go"
        >
          {t('directory.confirm.go')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
