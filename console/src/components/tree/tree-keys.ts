/**
 * What a key does in a tree view, after the WAI-ARIA tree pattern, worked out
 * on the items as shown (a flat list in document order with their levels):
 * Up and Down move, Home and End go to the ends, Right opens or goes to the
 * first child, Left closes or goes to the parent, Enter activates, Delete
 * asks to delete, * opens every sibling, and a letter goes to the next item
 * whose name starts with it. Free of the DOM so it can be unit tested.
 */

export interface ShownItem {
  key: string;
  level: number;
  /** undefined for an item without children. */
  expanded?: boolean;
  /** The "show more" item of a long level. */
  more?: boolean;
  parent: string;
  /** The item's own name (for type-ahead). */
  name: string;
}

export type TreeMove =
  | { type: 'focus'; key: string }
  | { type: 'toggle'; key: string }
  | { type: 'more'; key: string }
  | { type: 'activate'; key: string }
  | { type: 'delete'; key: string }
  | { type: 'expand'; keys: string[] };

/** The items shown below the one at `index` (its open descendants). */
export function descendantsOf(items: readonly ShownItem[], index: number): ShownItem[] {
  const level = items[index]?.level ?? 0;
  const out: ShownItem[] = [];
  for (let i = index + 1; i < items.length && (items[i] as ShownItem).level > level; i++)
    out.push(items[i] as ShownItem);
  return out;
}

const focus = (item: ShownItem | undefined): TreeMove | null => (item ? { type: 'focus', key: item.key } : null);

/** The move for `key` pressed on the item at `index`, or null when the tree leaves the key alone. */
export function moveFor(items: readonly ShownItem[], index: number, key: string): TreeMove | null {
  const current = items[index];
  if (!current) return null;
  switch (key) {
    case 'ArrowDown':
      return focus(items[index + 1]);
    case 'ArrowUp':
      return focus(items[index - 1]);
    case 'Home':
      return focus(items[0]);
    case 'End':
      return focus(items[items.length - 1]);
    case 'ArrowRight':
      if (current.expanded === false) return { type: 'toggle', key: current.key };
      return current.expanded ? focus(descendantsOf(items, index)[0]) : null;
    case 'ArrowLeft':
      if (current.expanded) return { type: 'toggle', key: current.key };
      return focus(
        items
          .slice(0, index)
          .reverse()
          .find((it) => it.level < current.level),
      );
    case 'Enter':
      return current.more ? { type: 'more', key: current.key } : { type: 'activate', key: current.key };
    case 'Delete':
      return current.more ? null : { type: 'delete', key: current.key };
    case '*':
      return {
        type: 'expand',
        keys: items
          .filter((it) => it.parent === current.parent && !it.more && it.expanded === false)
          .map((it) => it.key),
      };
    default: {
      if (key.length !== 1 || !/\S/.test(key)) return null;
      const letter = key.toLowerCase();
      const order = [...items.slice(index + 1), ...items.slice(0, index)];
      return focus(order.find((it) => it.name.trim().toLowerCase().startsWith(letter)));
    }
  }
}
