import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input, Segment, Table } from 'semantic-ui-react';
import { Pager } from './Pager.tsx';
import './texts.ts';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  width?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

interface Props<T> {
  /** Accessible name of the table and its search box. */
  label: string;
  columns: Column<T>[];
  data: Page<T> | undefined;
  loading?: boolean;
  rowKey: (row: T) => string | number;
  page: number;
  onPage: (page: number) => void;
  /** Present: a search box; the search is sent after typing stops. */
  onSearch?: (q: string) => void;
  /** Filters and buttons shown beside the search box. */
  toolbar?: ReactNode;
  /** Buttons per row (edit, delete …). */
  actions?: (row: T) => ReactNode;
  emptyText: string;
  testId?: string;
}

/** A paged, searchable table with an empty state. */
export function CrudTable<T>({
  label,
  columns,
  data,
  loading,
  rowKey,
  page,
  onPage,
  onSearch,
  toolbar,
  actions,
  emptyText,
  testId,
}: Props<T>) {
  const { t } = useTranslation('crud');
  const [q, setQ] = useState('');
  useEffect(() => {
    if (!onSearch) return;
    const timer = setTimeout(() => onSearch(q.trim()), 300);
    return () => clearTimeout(timer);
  }, [q]);
  const items = data?.items ?? [];
  return (
    <div className="crud" data-testid={testId}>
      <div
        className="crud-toolbar"
        style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5em', alignItems: 'flex-end', marginBottom: '0.75em' }}
      >
        {onSearch && (
          <Input
            icon="search"
            iconPosition="left"
            placeholder={t('search')}
            value={q}
            input={{ 'aria-label': `${label}: ${t('search')}`, 'data-testid': 'crud-search', type: 'search' }}
            onChange={(_, d) => setQ(String(d.value))}
          />
        )}
        {toolbar}
      </div>
      <Table celled compact striped aria-label={label} aria-busy={loading ? 'true' : 'false'}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.HeaderCell key={c.key} scope="col" width={c.width as never}>
                {c.header}
              </Table.HeaderCell>
            ))}
            {actions && <Table.HeaderCell scope="col">{t('actions')}</Table.HeaderCell>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((row) => (
            <Table.Row key={rowKey(row)} data-id={rowKey(row)}>
              {columns.map((c) => (
                <Table.Cell key={c.key}>{c.render(row)}</Table.Cell>
              ))}
              {actions && (
                <Table.Cell className="crud-actions" singleLine>
                  {actions(row)}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!loading && items.length === 0 && (
        <Segment placeholder textAlign="center" data-testid="crud-empty">
          <p>
            <Icon name="inbox" aria-hidden="true" /> {emptyText}
          </p>
        </Segment>
      )}
      {data && <Pager label={label} page={page} total={data.total} pageSize={data.pageSize} onPage={onPage} />}
    </div>
  );
}

/**
 * A small icon button with an accessible name. Its click stays with it (a
 * row that reacts to clicks does not see it); `focusable: false` keeps it out
 * of the tab order where the keyboard works on the row itself (a tree item).
 */
export function RowButton({
  icon,
  label,
  onClick,
  negative,
  disabled,
  focusable = true,
  testId,
}: {
  icon: string;
  label: string;
  onClick: () => void;
  negative?: boolean;
  disabled?: boolean;
  focusable?: boolean;
  testId?: string;
}) {
  return (
    <Button
      type="button"
      size="mini"
      basic
      icon={icon}
      negative={negative}
      aria-label={label}
      title={label}
      disabled={disabled}
      tabIndex={focusable ? undefined : -1}
      onClick={(e: MouseEvent) => {
        e.stopPropagation();
        onClick();
      }}
      data-testid={testId}
    />
  );
}
