/** Deleting a row on the room screens: ask first, delete, say so. */
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/crud/index.ts';
import { useRoomDeleteMutation } from './api.ts';
import { useToast } from './common.tsx';

export function useConfirmedDelete<T extends { id: number }>(
  path: string,
  nameOf: (item: T) => string,
  onDeleted?: (item: T) => void,
): { ask: (item: T) => void; dialog: ReactElement } {
  const { t } = useTranslation('room');
  const toast = useToast();
  const [remove, removing] = useRoomDeleteMutation();
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <ConfirmDelete
      name={deleting ? nameOf(deleting) : null}
      busy={removing.isLoading}
      onCancel={() => setDeleting(null)}
      onConfirm={async () => {
        if (!deleting) return;
        const r = await remove({ path, id: deleting.id });
        setDeleting(null);
        if ('error' in r) return;
        onDeleted?.(deleting);
        toast('success', t('deleted'));
      }}
    />
  );
  return { ask: setDeleting, dialog };
}
