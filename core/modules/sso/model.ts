import { TableModel } from '../../db/model.ts';

/** The state of a redirect sign-in (OIDC, SAML) between its start and its callback: single use, short-lived. */
export class SsoStateModel extends TableModel {
  static override tableName = 'sso_states';
  static override idColumn = 'state';
  static override jsonAttributes = ['data'];
  state!: string;
  method!: string;
  /** The flow's own: nonce, code verifier, redirect. */
  data!: unknown;
  expiresAt!: number;
}

/** An outside identity (source and its stable id there) linked to an account. */
export class UserIdentityModel extends TableModel {
  static override tableName = 'user_identities';
  id!: number;
  userId!: number;
  source!: string;
  externalId!: string;
  createdAt!: number;
}
