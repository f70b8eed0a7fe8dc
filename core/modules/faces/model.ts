/** The objection models of the faces module's tables (docs/conventions.md, "Models"; docs/product-rules.md R20.7). */
import { TableModel } from '../../db/model.ts';

/** A person's consent to face recognition and their last enrolment; kept until the provider was told to forget them. */
export class FacePersonModel extends TableModel {
  static override tableName = 'face_people';
  static override idColumn = 'user_id';
  static override coerce = { consentAt: 'number', enrolOutboxId: 'number', updatedAt: 'number' } as const;
  userId!: number;
  username!: string;
  consentVersion!: number | null;
  consentAt!: number | null;
  consentBy!: number | null;
  enrolOutboxId!: number | null;
  updatedAt!: number;
}

/** One face image, sealed at rest (the secret box's AES-256-GCM over its base64). */
export class FaceImageModel extends TableModel {
  static override tableName = 'face_images';
  static override coerce = { createdAt: 'number' } as const;
  id!: number;
  userId!: number;
  mime!: string;
  size!: number;
  data!: string;
  createdBy!: number | null;
  createdAt!: number;
}
