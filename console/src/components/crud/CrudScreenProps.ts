import type { ReactNode } from 'react';
import type { Allowance } from '../../app/hooks.ts';
import type { Column } from './CrudTable.tsx';
import type { FieldDef, Values } from './fields.ts';
import type { Collection, PageArgs } from './hooks.ts';

/** What a list-and-form screen is made of (see CrudScreen). */
export interface CrudScreenProps<Row, Args extends PageArgs, Body> {
  name: string;
  title: string;
  /** Permission prefix (room:building → room:building:add, …:update, …:delete), or the three codes. */
  perm: string | { add: Allowance; update: Allowance; delete: Allowance };
  /** The area's typed endpoints (api.ts). */
  source: Collection<Row, Args, Body>;
  /** Filters sent beside page, pageSize and q. */
  query?: Omit<Args, keyof PageArgs>;
  columns: Column<Row>[];
  fields?: FieldDef[] | ((values: Values) => FieldDef[]);
  nameOf: (row: Row) => string;
  rowKey?: (row: Row) => number | string;
  toForm?: (row: Row | null) => Values;
  toBody?: (values: Values, creating: boolean) => Body;
  load?: (row: Row) => Promise<Row | null>;
  /** Asked before editing or deleting a row; false stops (it shows why). */
  allowed?: (row: Row) => Promise<boolean>;
  /** A form of its own instead of the fields (the resource form). */
  editor?: (props: { id: number | null; onClose: () => void }) => ReactNode;
  onCreated?: (answer: unknown) => void;
  onDeleted?: (row: Row) => void;
  noAdd?: boolean;
  noEdit?: boolean;
  canDelete?: (row: Row) => boolean;
  deleteLabel?: string;
  addLabel?: string;
  /** The form's title; `<add>: <title>` or `<edit>: <name>` by default. */
  formTitle?: (row: Row | null) => string;
  savedText?: string;
  rowActions?: (row: Row) => ReactNode;
  /** Beside the search box; given the search text when it is a function (an export of what is shown). */
  toolbar?: ReactNode | ((q: string) => ReactNode);
  /** Below the list (a result panel, a floor plan); given the rows shown when it is a function. */
  children?: ReactNode | ((rows: Row[]) => ReactNode);
  emptyText?: string;
  search?: boolean;
  pageSize?: number;
  /** How often to read the list again, from what it shows (0: never). */
  pollEvery?: (rows: Row[]) => number;
  formSize?: 'tiny' | 'small' | 'large';
  /** A part of a bigger screen: an h2 and no frame of its own. */
  embedded?: boolean;
  /** A sentence under the heading. */
  description?: string;
}
