/** A tree view's item (its own row only; its children follow it as items of the next level) and its "show more" item. */
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';
import { useTreeContext } from './TreeView.tsx';

const indent = (level: number): CSSProperties => ({ paddingLeft: `${0.5 + (level - 1) * 1.75}em` });

interface Position {
  itemKey: string;
  parentKey: string;
  level: number;
}

export function TreeItem({
  itemKey,
  parentKey,
  level,
  posinset,
  setsize,
  expandable,
  loading,
  name,
  detail,
  actions,
  className,
  onDoubleClick,
}: Position & {
  posinset: number;
  setsize: number;
  expandable: boolean;
  /** Its children are on their way. */
  loading?: boolean;
  name: ReactNode;
  detail?: ReactNode;
  /** Buttons on the row, out of the tab order (the keyboard works on the focused item). */
  actions?: ReactNode;
  className?: string;
  onDoubleClick?: () => void;
}) {
  const tree = useTreeContext();
  const ref = useRef<HTMLLIElement>(null);
  const open = expandable && tree.expanded.has(itemKey);
  useEffect(() => tree.shown(itemKey, ref.current));
  // Named by its own row: the name and the details, not its children.
  return (
    <li
      ref={ref}
      role="treeitem"
      data-key={itemKey}
      data-id={itemKey}
      data-parent={parentKey}
      aria-level={level}
      aria-posinset={posinset}
      aria-setsize={setsize}
      aria-expanded={expandable ? open : undefined}
      aria-selected={tree.selected === itemKey}
      aria-labelledby={`tree-name-${itemKey} tree-detail-${itemKey}`}
      tabIndex={tree.tabStop === itemKey ? 0 : -1}
      className={className}
      onFocus={(e) => {
        if (e.target === e.currentTarget) tree.select(itemKey);
      }}
    >
      <div
        className="tree-row"
        style={indent(level)}
        onClick={() => ref.current?.focus()}
        onDoubleClick={onDoubleClick}
      >
        <span
          className="tree-toggle"
          aria-hidden="true"
          data-testid="tree-toggle"
          onClick={(e) => {
            e.stopPropagation();
            if (expandable) tree.toggle(itemKey);
            ref.current?.focus();
          }}
        >
          {expandable ? <Icon name={open ? 'caret down' : 'caret right'} fitted /> : null}
          {loading ? <span className="ui active inline mini loader" /> : null}
        </span>
        <span className="tree-name" id={`tree-name-${itemKey}`}>
          {name}
        </span>{' '}
        <span id={`tree-detail-${itemKey}`} className="tree-detail">
          {detail}
        </span>
        {actions && <span className="tree-actions">{actions}</span>}
      </div>
    </li>
  );
}

/** The last item of a long level: activating it shows the next page. */
export function TreeMore({ itemKey, parentKey, level, text, onMore }: Position & { text: string; onMore: () => void }) {
  const tree = useTreeContext();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => tree.shown(itemKey, ref.current));
  return (
    <li
      ref={ref}
      role="treeitem"
      className="tree-more"
      data-key={itemKey}
      data-more="true"
      data-parent={parentKey}
      aria-level={level}
      aria-selected={tree.selected === itemKey}
      tabIndex={tree.tabStop === itemKey ? 0 : -1}
      data-testid="tree-more"
      onFocus={(e) => {
        if (e.target === e.currentTarget) tree.select(itemKey);
      }}
      onClick={onMore}
    >
      <div className="tree-row" style={indent(level)}>
        <span className="tree-toggle" aria-hidden="true">
          <Icon name="ellipsis horizontal" fitted />
        </span>
        {text}
      </div>
    </li>
  );
}
