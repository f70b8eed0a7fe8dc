/** Recognises database errors by meaning, the same way on SQLite and MySQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e.code === 'ER_DUP_ENTRY' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.errno === 1062
  );
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    e.code === 'ER_ROW_IS_REFERENCED_2' ||
    e.code === 'ER_NO_REFERENCED_ROW_2' ||
    e.errno === 1451 ||
    e.errno === 1452
  );
}
