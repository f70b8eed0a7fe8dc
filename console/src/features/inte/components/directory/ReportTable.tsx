/**
 * The report of a run, person by person: searchable (account, directory id, action, reason) and paged in the
 * browser, since a run keeps at most 1,000 lines and answers them whole.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable, type Page } from '../../../../components/crud/index.ts';
import type { ReportLine } from '../../api.ts';

const PAGE_SIZE = 10;

/** The translated reason of a line: a known reason, or the failure the server gave. */
export function useReasonText() {
  const { t } = useTranslation('inte');
  return (reason: string | undefined) => {
    if (!reason) return '';
    if (reason.startsWith('failed:'))
      return t('directory.reasons.failed', { detail: reason.slice('failed:'.length).trim() });
    return t(`directory.reasons.${reason}`, { defaultValue: reason });
  };
}

export function ReportTable({ lines, testId }: { lines: ReportLine[]; testId: string }) {
  const { t } = useTranslation('inte');
  const reasonText = useReasonText();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const actionText = (a: string) => t(`directory.actions.${a}`, { defaultValue: a });
  const fieldText = (f: string) => t(`directory.fieldNames.${f}`, { defaultValue: f });
  const needle = q.toLowerCase();
  const matching = needle
    ? lines.filter((l) =>
        [l.username, l.externalId, actionText(l.action), reasonText(l.reason)].some((s) =>
          s.toLowerCase().includes(needle),
        ),
      )
    : lines;
  const shown = Math.min(page, Math.max(1, Math.ceil(matching.length / PAGE_SIZE)));
  const data: Page<ReportLine & { n: number }> = {
    items: matching.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE).map((l) => ({ ...l, n: lines.indexOf(l) })),
    total: matching.length,
    page: shown,
    pageSize: PAGE_SIZE,
  };
  return (
    <CrudTable
      label={t('directory.report.lines')}
      testId={testId}
      data={data}
      rowKey={(l) => l.n}
      page={shown}
      onPage={setPage}
      onSearch={(s) => {
        setQ(s);
        setPage(1);
      }}
      emptyText={lines.length === 0 ? t('directory.report.empty') : t('directory.report.noMatch')}
      columns={[
        { key: 'action', header: t('directory.report.action'), render: (l) => actionText(l.action) },
        { key: 'username', header: t('directory.report.username'), render: (l) => l.username },
        {
          key: 'externalId',
          header: t('directory.report.externalId'),
          render: (l) => <code style={{ wordBreak: 'break-all' }}>{l.externalId}</code>,
        },
        { key: 'reason', header: t('directory.report.reason'), render: (l) => reasonText(l.reason) },
        {
          key: 'fields',
          header: t('directory.report.fields'),
          render: (l) => (l.fields ?? []).map(fieldText).join(', '),
        },
      ]}
    />
  );
}
