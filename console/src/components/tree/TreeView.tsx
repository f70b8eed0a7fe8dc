/**
 * A tree view after the WAI-ARIA tree pattern: one tab stop (the selected
 * item, else the first), selection following focus, the keys of tree-keys.ts.
 * The caller renders the items (TreeItem, TreeMore) in any shape, loading
 * levels as they open; the tree keeps which items are shown, so focus can be
 * asked for an item that has yet to appear (after a save, a "show more").
 */
import { createContext, useContext, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { descendantsOf, moveFor, type ShownItem } from './tree-keys.ts';
import './tree.css';

export interface TreeContextValue {
  expanded: ReadonlySet<string>;
  selected: string | null;
  tabStop: string | null;
  toggle: (key: string) => void;
  select: (key: string) => void;
  /** An item's element appeared (or changed): remembered, and focused if that was asked for. */
  shown: (key: string, el: HTMLElement | null) => void;
}

const TreeContext = createContext<TreeContextValue | null>(null);
export const useTreeContext = (): TreeContextValue => {
  const ctx = useContext(TreeContext);
  if (!ctx) throw new Error('a tree item outside a TreeView');
  return ctx;
};

/** Moves keyboard focus to an item, now or as soon as it is shown. */
export interface TreeFocus {
  focusKey: (key: string) => void;
  /** When focus was asked for `asked` (a page not loaded yet), give it to `key` instead. */
  redirect: (asked: string, key: string) => void;
  isShown: (key: string) => boolean;
  /** The key of the item shown before (else after) `key`, for where focus goes once it is deleted. */
  neighbour: (key: string) => string | null;
}

export interface TreeFocusHandle extends TreeFocus {
  shown: TreeContextValue['shown'];
  root: RefObject<HTMLUListElement>;
}

export function useTreeFocus(): TreeFocusHandle {
  const elements = useRef(new Map<string, HTMLElement>());
  const wanted = useRef<string | null>(null);
  const root = useRef<HTMLUListElement>(null);
  const self = useRef<TreeFocusHandle | null>(null);
  if (!self.current) {
    const focusKey = (key: string) => {
      const el = elements.current.get(key);
      if (el?.isConnected) {
        wanted.current = null;
        el.focus();
      } else wanted.current = key;
    };
    self.current = {
      root,
      focusKey,
      redirect: (asked, key) => {
        if (wanted.current === asked) focusKey(key);
      },
      isShown: (key) => Boolean(elements.current.get(key)?.isConnected),
      neighbour: (key) => {
        const all = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []);
        const at = all.findIndex((el) => el.dataset.key === key);
        return (all[at - 1] ?? all[at + 1])?.dataset.key ?? null;
      },
      shown: (key, el) => {
        if (el) elements.current.set(key, el);
        if (el && wanted.current === key) focusKey(key);
      },
    };
  }
  return self.current;
}

interface Props {
  id: string;
  label: string;
  describedBy?: string;
  busy?: boolean;
  testId?: string;
  className?: string;
  focus: TreeFocusHandle;
  expanded: ReadonlySet<string>;
  onToggle: (key: string, open: boolean) => void;
  onExpandMany: (keys: string[]) => void;
  selected: string | null;
  onSelect: (key: string) => void;
  /** The first item, the tab stop while none is selected. */
  firstKey: string | null;
  /** Enter on an item. */
  onActivate: (key: string) => void;
  onDelete?: (key: string) => void;
  children: ReactNode;
}

const shownItems = (root: HTMLElement | null): ShownItem[] =>
  Array.from(root?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []).map((el) => ({
    key: el.dataset.key ?? '',
    level: Number(el.getAttribute('aria-level') ?? 0),
    expanded: el.hasAttribute('aria-expanded') ? el.getAttribute('aria-expanded') === 'true' : undefined,
    more: el.dataset.more === 'true',
    parent: el.dataset.parent ?? '',
    name: el.querySelector(':scope > .tree-row .tree-name')?.textContent ?? el.textContent ?? '',
  }));

export function TreeView(p: Props) {
  const { focus } = p;
  const tabStop = p.selected && focus.isShown(p.selected) ? p.selected : p.firstKey;
  const toggle = (key: string) => {
    const opening = !p.expanded.has(key);
    if (!opening) {
      // Closing an item whose descendant holds the focus: the focus goes to the item.
      const items = shownItems(focus.root.current);
      const active = (document.activeElement as HTMLElement | null)?.dataset.key;
      const below = descendantsOf(
        items,
        items.findIndex((it) => it.key === key),
      );
      if (below.some((it) => it.key === active)) focus.focusKey(key);
    }
    p.onToggle(key, opening);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement;
    if (target.getAttribute('role') !== 'treeitem' || e.altKey || e.ctrlKey || e.metaKey) return;
    const items = shownItems(focus.root.current);
    const move = moveFor(
      items,
      items.findIndex((it) => it.key === target.dataset.key),
      e.key,
    );
    if (!move) return;
    e.preventDefault();
    e.stopPropagation();
    if (move.type === 'focus') focus.focusKey(move.key);
    else if (move.type === 'toggle') toggle(move.key);
    else if (move.type === 'more') target.click();
    else if (move.type === 'activate') p.onActivate(move.key);
    else if (move.type === 'delete') p.onDelete?.(move.key);
    else p.onExpandMany(move.keys);
  };
  const ctx: TreeContextValue = {
    expanded: p.expanded,
    selected: p.selected,
    tabStop,
    toggle,
    select: p.onSelect,
    shown: focus.shown,
  };
  return (
    <TreeContext.Provider value={ctx}>
      <ul
        role="tree"
        id={p.id}
        ref={focus.root}
        className={p.className ? `tree-view ${p.className}` : 'tree-view'}
        aria-label={p.label}
        aria-describedby={p.describedBy}
        aria-busy={p.busy ? 'true' : 'false'}
        data-testid={p.testId}
        onKeyDown={onKeyDown}
      >
        {p.children}
      </ul>
    </TreeContext.Provider>
  );
}
