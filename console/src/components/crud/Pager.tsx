/** The page links under a paged list, only when it has more than one page; `label` names the list for the landmark. */
import { useTranslation } from 'react-i18next';
import { Pagination } from 'semantic-ui-react';

interface Props {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

export function Pager({ label, page, total, pageSize, onPage }: Props) {
  const { t } = useTranslation('crud');
  if (total <= pageSize) return null;
  return (
    <nav aria-label={`${label}: ${t('pages')}`}>
      <Pagination
        activePage={page}
        totalPages={Math.ceil(total / Math.max(1, pageSize))}
        onPageChange={(_, d) => onPage(Number(d.activePage))}
        firstItem={null}
        lastItem={null}
        size="small"
      />
    </nav>
  );
}
