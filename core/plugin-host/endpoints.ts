/**
 * A stored secret (a password, an API secret) was typed for one server. Whoever
 * may edit the settings but never saw the secret must not be able to point the
 * settings at a server of their own and have the stored secret sent there (on a
 * save or a connection test). So a secret is carried over from the stored
 * settings only while the fields that say where it goes stay as they were.
 */

/** The endpoint fields whose value differs between the stored and the new settings. */
export function changedEndpoints(
  fields: readonly string[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return fields.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}
