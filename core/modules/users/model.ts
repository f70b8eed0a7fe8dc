/** A row of the users table (snake_case, as stored). */
export interface UserRow {
  id: number;
  username: string;
  real_name: string;
  employee_no: string;
  password_hash: string | null;
  phone: string | null;
  email: string | null;
  card_no: string | null;
  department: string | null;
  workplace: string | null;
  position: string | null;
  corp_section: string | null;
  cost_center: string | null;
  ip_address: string | null;
  status: number;
  /** Made on the register page and not yet approved (kept with status 0 until an administrator enables it). */
  awaiting_approval: boolean | number;
  restricted: boolean | number;
  enable_at: number | null;
  restrict_at: number | null;
  credit_balance: number;
  lang: string | null;
  source: string;
  external_id: string | null;
  must_change_password: boolean | number;
  password_changed_at: number | null;
  failed_logins: number;
  locked_until: number | null;
  last_login_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
