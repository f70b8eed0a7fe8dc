/**
 * Third-party applications: directory sync (enterprise chat, a cloud directory,
 * LDAP) and sign-in through them (settings: url, client ID, secrets, tenant ID,
 * scopes, rootDepartment, autoSyncUser, increment, searchBase, userMap).
 */
import type { ProviderBase } from './context.ts';

export interface DirectoryUser {
  /** The directory's stable id of the person. */
  externalId: string;
  username: string;
  realName: string;
  email?: string | null;
  phone?: string | null;
  employeeNo?: string | null;
  department?: string | null;
  /** False when the person left: Atrium disables the account. */
  active: boolean;
}

export interface DirectoryPage {
  users: DirectoryUser[];
  /** Pass back to get the next page; absent on the last page. */
  cursor?: string;
}

export interface ExternalIdentity {
  externalId: string;
  username?: string;
  realName?: string;
  email?: string | null;
}

export interface AppsProvider extends ProviderBase {
  /**
   * Optional directory sync: one page of people. Called by the sync job (nightly,
   * or on demand from the console); `since` (epoch ms) asks only for changes when
   * the provider supports increments. Throw to fail the run; it is retried next time.
   */
  listUsers?(options: { cursor?: string; since?: number }): Promise<DirectoryPage>;
  /** Optional sign-in: where to send the browser. Called on the sign-in request's path. */
  authorizeUrl?(state: string, redirectUri: string): Promise<string>;
  /** Optional sign-in: trades the code of the callback for the person. Throw when the code is refused. */
  exchangeCode?(code: string, redirectUri: string): Promise<ExternalIdentity>;
  /** Optional sign-in with a password checked by the directory (LDAP). Resolve null when refused. */
  verifyPassword?(username: string, password: string): Promise<ExternalIdentity | null>;
}
