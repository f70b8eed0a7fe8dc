/**
 * What the dictionary shows: the top level, or the result of a search (typed
 * text, sent after a pause), and which items are open in each, a search
 * opening every branch that leads to a match.
 */
import { useEffect, useState } from 'react';
import { useDictListQuery, useDictSearchQuery, type DictListItem, type DictSearchResult } from '../../api.ts';
import { DICT_PAGE } from './context.ts';

export type Keys = ReadonlySet<string>;

/** Every branch of a search that leads to a match, opened. */
function openedBy(found: DictSearchResult | undefined): Keys {
  const keys = new Set<string>();
  const walk = (bs: DictSearchResult['items']) =>
    bs.forEach((b) => {
      if (b.children.length) {
        keys.add(String(b.id));
        walk(b.children);
      }
    });
  walk(found?.items ?? []);
  return keys;
}

export function useDictBrowse() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const top = useDictListQuery({ parentId: 0, page: 1, pageSize: DICT_PAGE }, { skip: Boolean(q) });
  const search = useDictSearchQuery({ q }, { skip: !q });
  const found = q ? search.data : undefined;

  const [browseOpen, setBrowseOpen] = useState<Keys>(new Set());
  const [searchOpen, setSearchOpen] = useState<Keys>(new Set());
  useEffect(() => setSearchOpen(openedBy(found)), [found]);
  const setExpanded = q ? setSearchOpen : setBrowseOpen;
  const change = (update: (keys: Set<string>) => void) =>
    setExpanded((old) => {
      const next = new Set(old);
      update(next);
      return next;
    });

  const items: DictListItem[] = q ? (found?.items ?? []) : (top.data?.items ?? []);
  return {
    text,
    setText,
    q,
    found,
    /** The top level as browsed (the parents a form offers), whatever is shown. */
    top: top.data,
    items,
    loading: q ? search.isFetching && !search.data : top.isLoading,
    fetching: q ? search.isFetching : top.isFetching,
    error: (q ? search.error : top.error) as { msg?: string } | undefined,
    expanded: q ? searchOpen : browseOpen,
    open: (key: string) => change((keys) => keys.add(key)),
    toggle: (key: string, open?: boolean) =>
      change((keys) => {
        if (open ?? !keys.has(key)) keys.add(key);
        else keys.delete(key);
      }),
    openMany: (more: string[]) => change((keys) => more.forEach((k) => keys.add(k))),
    /** Closes every item; absent while searching or while none is open. */
    collapse: !q && browseOpen.size > 0 ? () => setBrowseOpen(new Set()) : undefined,
  };
}
