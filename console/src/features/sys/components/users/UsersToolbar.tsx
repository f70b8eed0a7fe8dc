/**
 * Above the user list: the status filter (with the accounts made on the register page that wait for approval,
 * docs/product-rules.md R14.10), and the template, import and export where allowed.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { downloadFile, uploadFile } from '../../../../app/files.ts';
import { useCan, useToast } from '../../../../app/hooks.ts';
import { useAppDispatch } from '../../../../app/store.ts';
import { sysApi, type ImportReport } from '../../api.ts';

/** The filter value of the accounts that wait for approval. */
export const AWAITING = 'awaiting';

/** The list's query for a value of the status filter. */
export function userFilter(status: string): Record<string, string> {
  if (status === AWAITING) return { awaitingApproval: 'true' };
  return status === '' ? {} : { status };
}

/** The server's limit for an import. */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export function UsersToolbar({
  status,
  onStatus,
  onImported,
}: {
  status: string;
  onStatus: (status: string) => void;
  onImported: (report: ImportReport) => void;
}) {
  const { t } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const filter = userFilter(status);
  const importFile = async (file: File) => {
    if (!/\.xlsx?$/i.test(file.name)) return toast('error', t('user.importType'));
    if (file.size > MAX_IMPORT_BYTES) return toast('error', t('user.importSize'));
    setBusy(true);
    const res = await dispatch(uploadFile('/sys/users/import', { file }));
    setBusy(false);
    if (!('data' in res)) return;
    onImported(res.data.data as ImportReport);
    dispatch(sysApi.util.invalidateTags(['Sys']));
  };
  const button = (icon: string, text: string, onClick: () => void, testId?: string) => (
    <Button
      type="button"
      basic
      icon
      labelPosition="left"
      loading={testId === 'users-import' && busy}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon name={icon as never} aria-hidden="true" />
      {text}
    </Button>
  );
  return (
    <>
      <label htmlFor="users-filter-status" className="ui sr-only" style={{ position: 'absolute', left: -9999 }}>
        {t('user.status')}
      </label>
      <select
        id="users-filter-status"
        className="ui dropdown"
        value={status}
        onChange={(e) => onStatus(e.target.value)}
        aria-label={t('user.status')}
      >
        <option value="">{t('user.allStatus')}</option>
        <option value="1">{t('user.normal')}</option>
        <option value="0">{t('user.disabled')}</option>
        <option value={AWAITING}>{t('user.awaitingApproval')}</option>
      </select>
      {can('sys:admin:import') && (
        <>
          {button(
            'download',
            t('user.template'),
            () => void dispatch(downloadFile('/sys/users/import-template', 'users-template.xlsx')),
          )}
          {button('upload', t('user.import'), () => fileRef.current?.click(), 'users-import')}
          <input
            ref={fileRef}
            type="file"
            accept=".xls,.xlsx"
            hidden
            aria-label={t('user.import')}
            data-testid="users-import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void importFile(f);
            }}
          />
        </>
      )}
      {can('sys:admin:export') &&
        button(
          'file excel outline',
          t('user.export'),
          () => void dispatch(downloadFile('/sys/users/export', 'users.xlsx', filter)),
        )}
    </>
  );
}
