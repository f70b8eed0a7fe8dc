import { createContext, useContext } from 'react';
import type { TreeFocus } from '../../../../components/tree/index.ts';
import type { DictListItem } from '../../api.ts';

/** What every dictionary node needs from the screen: the search, the rights and the actions on an item. */
export interface DictTree {
  q: string;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  focus: TreeFocus;
  /** A node was shown with this item: kept by id, for the keys and the selection. */
  remember: (item: DictListItem) => void;
  addChild: (parent: DictListItem) => void;
  edit: (item: DictListItem) => void;
  remove: (item: DictListItem) => void;
}

export const DictContext = createContext<DictTree | null>(null);
export const useDict = (): DictTree => {
  const ctx = useContext(DictContext);
  if (!ctx) throw new Error('a dictionary node outside the dictionary');
  return ctx;
};

/** Children loaded per page when an item opens. */
export const DICT_PAGE = 50;
