/** A tree view after the WAI-ARIA tree pattern, its items, and the keys' rules. */
export { TreeView, useTreeFocus, type TreeFocus, type TreeFocusHandle } from './TreeView.tsx';
export { TreeItem, TreeMore } from './TreeItem.tsx';
export { descendantsOf, moveFor, type ShownItem, type TreeMove } from './tree-keys.ts';
