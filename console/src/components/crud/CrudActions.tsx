import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { RowButton } from './CrudTable.tsx';
import './texts.ts';

/** The toolbar's add button of a list-and-form screen (`<name>-add`). */
export function CrudAddButton(props: { name: string; label?: string; onClick: () => void }) {
  const { t } = useTranslation('crud');
  return (
    <Button type="button" primary icon labelPosition="left" onClick={props.onClick} data-testid={`${props.name}-add`}>
      <Icon name="plus" aria-hidden="true" />
      {props.label ?? t('add')}
    </Button>
  );
}

interface RowActionsProps {
  /** The row's name, read after the action's label. */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  deleteLabel?: string;
  /** The screen's own buttons, between edit and delete. */
  children?: ReactNode;
}

/** A row's buttons: edit, the screen's own, delete; an action without its handler is not shown. */
export function CrudRowActions({ name, onEdit, onDelete, deleteLabel, children }: RowActionsProps) {
  const { t } = useTranslation('crud');
  return (
    <>
      {onEdit && <RowButton icon="edit" label={`${t('edit')} ${name}`} onClick={onEdit} testId="row-edit" />}
      {children}
      {onDelete && (
        <RowButton
          icon="trash"
          negative
          label={`${deleteLabel ?? t('delete')} ${name}`}
          onClick={onDelete}
          testId="row-delete"
        />
      )}
    </>
  );
}
