import { TableModel } from '../../db/model.ts';

/** An endpoint subscribed to events (docs/product-rules.md R24.1); its secrets are sealed. */
export class WebhookEndpointModel extends TableModel {
  static override tableName = 'webhook_endpoints';
  static override jsonAttributes = ['events'];
  static override coerce = {
    enabled: 'boolean',
    previousUntil: 'number',
    failingSince: 'number',
    disabledAt: 'number',
    createdAt: 'number',
    updatedAt: 'number',
  } as const;
  id!: number;
  name!: string;
  url!: string;
  events!: string[];
  enabled!: boolean;
  secret!: string;
  previousSecret!: string | null;
  previousUntil!: number | null;
  failingSince!: number | null;
  disabledAt!: number | null;
  disabledReason!: string | null;
  createdBy!: number | null;
  createdAt!: number;
  updatedAt!: number;
}

/** One message to one endpoint and the last answer it got (docs/product-rules.md R24.4). */
export class WebhookDeliveryModel extends TableModel {
  static override tableName = 'webhook_deliveries';
  static override coerce = {
    attempts: 'number',
    lastStatus: 'number',
    createdAt: 'number',
    lastAttemptAt: 'number',
    deliveredAt: 'number',
  } as const;
  id!: number;
  endpointId!: number;
  messageId!: string;
  eventType!: string;
  body!: string;
  state!: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts!: number;
  lastStatus!: number | null;
  lastError!: string | null;
  createdAt!: number;
  lastAttemptAt!: number | null;
  deliveredAt!: number | null;
}
