import { TableModel } from '../../db/model.ts';

/** A notification an administrator wrote for one day; recipients `*` or usernames separated by commas. */
export class CustomNotificationModel extends TableModel {
  static override tableName = 'custom_notifications';
  id!: number;
  name!: string;
  recipient!: string;
  /** `YYYY-MM-DD`. */
  date!: string;
  title!: string | null;
  content!: string | null;
  createdBy!: number | null;
  createdAt!: number;
}

/** The message template of one event in one language. */
export class NotificationTemplateModel extends TableModel {
  static override tableName = 'notification_templates';
  id!: number;
  event!: string;
  lang!: string;
  subject!: string;
  content!: string;
  updatedAt!: number;
}
