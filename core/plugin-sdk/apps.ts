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
  /** 1.3: the card number the person's badge carries (door access, card check-in). */
  cardNo?: string | null;
  /** 1.3: the person's main department from the top of the directory down, e.g. ['Acme', 'R&D', 'Platform']. */
  departmentPath?: string[];
  /**
   * 1.3: the directory groups the person belongs to, by a name stable enough to map (an LDAP group's DN, an Entra
   * group's id, a WeCom or DingTalk department id). The administrators map them to roles and user groups.
   */
  groups?: string[];
  /** False when the person left: Atrium disables the account. */
  active: boolean;
}

export interface DirectoryPage {
  users: DirectoryUser[];
  /** Pass back to get the next page; absent on the last page. */
  cursor?: string;
  /**
   * 1.3, last page only: an opaque mark the core keeps and passes back as `state` on the next incremental run
   * (a Microsoft Graph deltaLink, an LDAP modifyTimestamp). Absent: the next increment gets `since` alone.
   */
  state?: string;
}

export interface ListUsersOptions {
  cursor?: string;
  /**
   * Asks only for changes since then (epoch ms) when the provider supports increments; absent on a full run.
   * An increment lists the people changed, leavers with `active: false`; a full run lists everyone, and whoever
   * it does not list has left.
   */
  since?: number;
  /** 1.3: the `state` of the last page of the previous run, on an incremental run. */
  state?: string;
}

export interface ExternalIdentity {
  externalId: string;
  username?: string;
  realName?: string;
  email?: string | null;
  /** 1.3: the employee number, when the directory keeps one (matching by employee number). */
  employeeNo?: string | null;
  phone?: string | null;
  /** 1.3: the directory's groups of the person (as in DirectoryUser), applied at sign-in. */
  groups?: string[];
  /** 1.3: false when the directory says the person is disabled or left: the sign-in is refused. */
  active?: boolean;
}

export interface AppsProvider extends ProviderBase {
  /**
   * Optional directory sync: one page of people. Called by the sync job (nightly in full, incrementally every few
   * minutes when the settings ask for it, or on demand from the console and the CLI); `since` (epoch ms) asks
   * only for changes when the provider supports increments. Throw to fail the run; it is retried next time, and
   * a failed run never disables anyone.
   */
  listUsers?(options: ListUsersOptions): Promise<DirectoryPage>;
  /**
   * Optional sign-in: where to send the browser. Called on the sign-in request's path. `qr` (1.3) asks for the
   * page that shows a QR code to scan with the vendor's app, rather than the sign-in inside the vendor's client.
   */
  authorizeUrl?(state: string, redirectUri: string, options?: { qr?: boolean }): Promise<string>;
  /** Optional sign-in: trades the code of the callback for the person. Throw when the code is refused. */
  exchangeCode?(code: string, redirectUri: string): Promise<ExternalIdentity>;
  /** Optional sign-in with a password checked by the directory (LDAP). Resolve null when refused. */
  verifyPassword?(username: string, password: string): Promise<ExternalIdentity | null>;
}
