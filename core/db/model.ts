/**
 * The base of every table's objection model (docs/conventions.md, "Models"): camelCase properties over the
 * snake_case columns, and numbers and booleans typed as such whichever database answered. The conversion happens
 * here once instead of in hand-written `Number(r.x)` mappings: MariaDB answers DECIMAL and aggregates as strings,
 * and both databases answer a boolean column as 0 or 1.
 *
 * Queries still name columns as the database does (`.where('parent_id', id)`); only the rows are mapped.
 */
import { Model, snakeCaseMappers, type ColumnNameMappers, type Pojo } from 'objection';

export type ColumnType = 'number' | 'boolean';

export class TableModel extends Model {
  /** `first()` asks the database for one row instead of reading them all and keeping the first. */
  static override useLimitInFirst = true;

  static override get columnNameMappers(): ColumnNameMappers {
    return snakeCaseMappers();
  }

  /** Properties whose stored form is not already their type (booleans, DECIMAL columns), by property name. */
  static coerce: Readonly<Record<string, ColumnType>> = {};

  override $parseDatabaseJson(json: Pojo): Pojo {
    const row = super.$parseDatabaseJson(json);
    for (const [name, type] of Object.entries((this.constructor as typeof TableModel).coerce)) {
      const value: unknown = row[name];
      if (value === null || value === undefined) continue;
      row[name] = type === 'boolean' ? Boolean(Number(value)) : Number(value);
    }
    return row;
  }
}
