import { TableModel } from '../../db/model.ts';

/** An account (docs/product-rules.md R1.1): who signs in, what they may book and with what balance. */
export class UserModel extends TableModel {
  static override tableName = 'users';
  static override coerce = {
    awaitingApproval: 'boolean',
    restricted: 'boolean',
    mustChangePassword: 'boolean',
  } as const;
  id!: number;
  username!: string;
  realName!: string;
  employeeNo!: string;
  passwordHash!: string | null;
  phone!: string | null;
  email!: string | null;
  cardNo!: string | null;
  department!: string | null;
  workplace!: string | null;
  position!: string | null;
  corpSection!: string | null;
  costCenter!: string | null;
  ipAddress!: string | null;
  /** 1 normal, 0 disabled. */
  status!: number;
  /** Made on the register page and not yet approved (kept with status 0 until an administrator enables it). */
  awaitingApproval!: boolean;
  restricted!: boolean;
  enableAt!: number | null;
  restrictAt!: number | null;
  /** Cents. */
  creditBalance!: number;
  lang!: string | null;
  source!: string;
  externalId!: string | null;
  departmentPath!: string | null;
  mustChangePassword!: boolean;
  passwordChangedAt!: number | null;
  failedLogins!: number;
  lockedUntil!: number | null;
  lastLoginAt!: number | null;
  feedTokenHash!: string | null;
  createdBy!: number | null;
  createdAt!: number;
  updatedAt!: number;
}

/** A user as the other modules receive one (sign-in, single sign-on). */
export type UserRow = UserModel;
