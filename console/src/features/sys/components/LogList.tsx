/** A read-only log: paged, searchable, optionally within a date range, exported as CSV where allowed. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { downloadFile } from '../../../app/files.ts';
import { useCan, type Allowance } from '../../../app/hooks.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { CrudScreen, type Collection, type Column, type PageArgs } from '../../../components/crud/index.ts';

type Range = PageArgs & { from?: number; to?: number };

export function LogList<Row, Args extends Range>({
  name,
  title,
  source,
  columns,
  rowKey,
  query,
  range,
  exportPath,
  exportPerm,
  toolbar,
}: {
  name: string;
  title: string;
  source: Collection<Row, Args>;
  columns: Array<Column<Row>>;
  rowKey?: (row: Row) => string | number;
  query?: Omit<Args, keyof Range>;
  /** Offer a date range (from the start of the first day to the end of the last). */
  range?: boolean;
  exportPath?: string;
  exportPerm?: Allowance;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('sys');
  const can = useCan();
  const dispatch = useAppDispatch();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const dates = {
    ...(range && from ? { from: new Date(`${from}T00:00:00`).getTime() } : {}),
    ...(range && to ? { to: new Date(`${to}T23:59:59`).getTime() } : {}),
  };
  const date = (id: string, label: string, value: string, set: (v: string) => void) => (
    <>
      <label htmlFor={`${name}-${id}`}>{label}</label>
      <input id={`${name}-${id}`} type="date" value={value} onChange={(e) => set(e.target.value)} />
    </>
  );
  return (
    <CrudScreen<Row, Args, never>
      name={name}
      title={title}
      perm={name}
      source={source}
      query={{ ...query, ...dates } as Omit<Args, keyof PageArgs>}
      columns={columns}
      rowKey={rowKey}
      nameOf={() => ''}
      toolbar={(q) => (
        <>
          {toolbar}
          {range && date('from', t('from'), from, setFrom)}
          {range && date('to', t('to'), to, setTo)}
          {exportPath && exportPerm && can(exportPerm) && (
            <Button
              type="button"
              basic
              icon
              labelPosition="left"
              onClick={() =>
                void dispatch(downloadFile(exportPath, `${name}.csv`, { ...query, ...dates, ...(q ? { q } : {}) }))
              }
            >
              <Icon name="download" aria-hidden="true" />
              {t('export')}
            </Button>
          )}
        </>
      )}
    />
  );
}
