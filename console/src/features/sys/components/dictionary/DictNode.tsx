/**
 * A dictionary item in the tree and, when open, its children: the branches a
 * search found, or its level, loaded a page at a time.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Highlight } from '../../../../components/Highlight.tsx';
import { TreeItem, TreeMore } from '../../../../components/tree/index.ts';
import { useDictListQuery, type DictListItem, type DictSearchResult } from '../../api.ts';
import { DICT_PAGE, useDict } from './context.ts';
import { DictNodeActions, DictNodeDetail } from './DictNodeParts.tsx';

type Branch = DictSearchResult['items'][number];

export function DictNode({
  item,
  level,
  posinset,
  setsize,
  branches,
  open,
}: {
  item: DictListItem | Branch;
  level: number;
  posinset: number;
  setsize: number;
  /** A search's branches below this item; without them, open items load their level. */
  branches?: Branch[];
  open: (id: number) => boolean;
}) {
  const dict = useDict();
  const expandable = item.childCount > 0;
  const isOpen = expandable && open(item.id);
  const searched = (branches?.length ?? 0) > 0;
  const first = useDictListQuery({ parentId: item.id, page: 1, pageSize: DICT_PAGE }, { skip: !isOpen || searched });
  useEffect(() => {
    dict.remember(item);
  }, [item]);
  return (
    <>
      <TreeItem
        itemKey={String(item.id)}
        parentKey={String(item.parentId ?? 0)}
        level={level}
        posinset={posinset}
        setsize={setsize}
        expandable={expandable}
        loading={isOpen && first.isFetching && !first.data}
        className={'match' in item && item.match ? 'dict-match' : undefined}
        onDoubleClick={() => dict.canEdit && dict.edit(item)}
        name={<Highlight text={item.name} q={dict.q} />}
        detail={<DictNodeDetail item={item} />}
        actions={<DictNodeActions item={item} />}
      />
      {isOpen &&
        (searched ? (
          branches!.map((b, i, all) => (
            <DictNode
              key={b.id}
              item={b}
              level={level + 1}
              posinset={i + 1}
              setsize={all.length}
              branches={b.children}
              open={open}
            />
          ))
        ) : (
          <DictLevel parentId={item.id} level={level + 1} open={open} />
        ))}
    </>
  );
}

/** The children of `parentId`, a page at a time, with a "show more" item while there are more. */
export function DictLevel({
  parentId,
  level,
  open,
}: {
  parentId: number;
  level: number;
  open: (id: number) => boolean;
}) {
  const [pages, setPages] = useState(1);
  return (
    <>
      {Array.from({ length: pages }, (_, i) => (
        <DictPage
          key={i}
          parentId={parentId}
          level={level}
          page={i + 1}
          last={i + 1 === pages}
          onMore={() => setPages((n) => n + 1)}
          open={open}
        />
      ))}
    </>
  );
}

function DictPage({
  parentId,
  level,
  page,
  last,
  onMore,
  open,
}: {
  parentId: number;
  level: number;
  page: number;
  last: boolean;
  onMore: () => void;
  open: (id: number) => boolean;
}) {
  const { t } = useTranslation('sys');
  const dict = useDict();
  const { data } = useDictListQuery({ parentId, page, pageSize: DICT_PAGE });
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  useEffect(() => {
    // After "show more": the first item of the new page takes the focus.
    if (items[0]) dict.focus.redirect(`page-${parentId}-${page}`, String(items[0].id));
  }, [data]);
  return (
    <>
      {items.map((it, i) => (
        <DictNode
          key={it.id}
          item={it}
          level={level}
          posinset={(page - 1) * DICT_PAGE + i + 1}
          setsize={total}
          open={open}
        />
      ))}
      {last && total > page * DICT_PAGE && (
        <TreeMore
          itemKey={`more-${parentId}`}
          parentKey={String(parentId)}
          level={level}
          text={t('dic.more', { shown: page * DICT_PAGE, total })}
          onMore={() => {
            dict.focus.focusKey(`page-${parentId}-${page + 1}`);
            onMore();
          }}
        />
      )}
    </>
  );
}
