/** Input and output of the user administration calls (docs/product-rules.md R1.1). */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const UserFields = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\s]+$/, 'no spaces'),
  realName: z.string().trim().min(1).max(100),
  employeeNo: z.string().trim().min(1).max(50),
  // Phone, e-mail, IP address and the employee-number pattern are checked in rules.ts, with translated messages.
  phone: optionalText(30),
  email: optionalText(255),
  cardNo: optionalText(50),
  department: optionalText(100),
  workplace: optionalText(100),
  position: optionalText(100),
  corpSection: optionalText(100),
  costCenter: optionalText(50),
  ipAddress: optionalText(64),
  status: z
    .union([z.literal(0), z.literal(1)])
    .default(1)
    .describe('1 normal, 0 disabled'),
  restricted: z.boolean().default(false).describe('when on, the account works only between enableAt and restrictAt'),
  enableAt: z.number().int().min(0).nullish().describe('epoch ms'),
  restrictAt: z.number().int().min(0).nullish().describe('epoch ms; not earlier than enableAt'),
  roleIds: z.array(z.number().int().positive()).min(1).max(50),
});

export const CreateUserBody = UserFields.extend({
  password: z
    .string()
    .min(1)
    .max(50)
    .optional()
    .describe('initial password; without one, the employee number (usernoAsPass) or a random one shown once'),
  mustChangePassword: z
    .boolean()
    .optional()
    .describe('ask for a new password at first sign-in (default: yes unless a password is given)'),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** Replaces the user, except that a missing status keeps the current one (an edit form never re-enables by accident). */
export const UpdateUserBody = UserFields.extend({
  status: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .describe('1 normal, 0 disabled; unchanged when missing'),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const UserQuery = PageQuery.extend({
  status: z.coerce.number().int().min(0).max(1).optional(),
  awaitingApproval: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('only accounts made on the register page that wait for approval (true), or only the others (false)'),
  roleId: z.coerce.number().int().positive().optional().describe('only holders of this role'),
  role: z.coerce.number().int().positive().optional().describe('same as roleId'),
  department: z.string().trim().max(100).optional(),
});
export type UserQuery = z.infer<typeof UserQuery>;

export const ExportQuery = UserQuery.omit({ page: true, pageSize: true });
export type ExportQuery = z.infer<typeof ExportQuery>;

export const StatusBody = z.strictObject({ status: z.union([z.literal(0), z.literal(1)]) });
export const ResetPasswordBody = z.strictObject({
  password: z.string().min(1).max(50).optional().describe('without one, a random password is made and answered once'),
  mustChangePassword: z.boolean().default(true),
  revokeApiKeys: z.boolean().default(true).describe("also revoke the user's API keys (in the same transaction)"),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export { IdParam } from '../../http/validate.ts';

export const UserView = z.object({
  id: z.number(),
  username: z.string(),
  realName: z.string(),
  employeeNo: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  cardNo: z.string().nullable(),
  department: z.string().nullable(),
  workplace: z.string().nullable(),
  position: z.string().nullable(),
  corpSection: z.string().nullable(),
  costCenter: z.string().nullable(),
  ipAddress: z.string().nullable(),
  status: z.number(),
  awaitingApproval: z
    .boolean()
    .describe(
      'made on the register page and waiting for an administrator; enabling the account (status 1) approves it',
    ),
  restricted: z.boolean(),
  enableAt: z.number().nullable(),
  restrictAt: z.number().nullable(),
  creditBalance: z.number().describe('cents'),
  source: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  createdBy: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type UserView = z.infer<typeof UserView>;

export const CreatedUser = UserView.extend({
  initialPassword: z.string().optional().describe('only when the server chose it; shown once'),
});

export const ContactQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ContactQuery = z.infer<typeof ContactQuery>;
export const Contact = z.object({
  id: z.number(),
  name: z.string(),
  realName: z.string(),
  email: z.string().nullable(),
});
export type Contact = z.infer<typeof Contact>;

export const ImportReport = z.object({
  imported: z.number(),
  failed: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** A department of the tree (docs/product-rules.md R21.7), listed depth first. */
export const DepartmentView = z.object({
  name: z.string(),
  path: z.string().describe('the names from the top down, joined by " / "'),
  parentPath: z.string().nullable(),
  depth: z.number(),
  people: z.number().describe('enabled people in this department and below it'),
});
