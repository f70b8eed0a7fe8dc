/** The events that have a notification template, and the sample data the preview renders them with. */
export const TEMPLATE_EVENTS = [
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'booking.reminder',
  'booking.approvalRequested',
  'booking.approved',
  'booking.denied',
  'booking.expired',
  'booking.revoked',
  'booking.autoCancelled',
  'user.violation',
  'user.blocklisted',
  'user.released',
  'user.passwordExpiring',
] as const;
export type TemplateEvent = (typeof TEMPLATE_EVENTS)[number];

export function isTemplateEvent(name: string): name is TemplateEvent {
  return (TEMPLATE_EVENTS as readonly string[]).includes(name);
}

/** What a template may use: `{{recipient.name}}`, `{{booking.subject}}`, `{{reason}}`, ... */
export interface TemplateData {
  recipient: { name: string };
  booking?: {
    id: number;
    subject: string;
    organiser: string;
    resourceName: string;
    location: string;
    floor: string;
    meetingDate: string;
    startTime: string;
    endTime: string;
    timeZone: string;
    checkInCode: string;
    remarks: string;
    /** Awaiting approval: not a meeting yet. */
    pending: boolean;
  };
  reason?: string;
  violationCount?: number;
  releaseDate?: string;
  daysLeft?: number;
}

export const SAMPLE_DATA: TemplateData = {
  recipient: { name: 'Alex Chen' },
  booking: {
    id: 1024,
    subject: 'Quarterly planning <Q3>',
    organiser: 'Alex Chen',
    resourceName: 'Sakura',
    location: 'Tokyo Office',
    floor: '7F',
    meetingDate: '2026-12-01',
    startTime: '10:00',
    endTime: '11:30',
    timeZone: 'Asia/Tokyo',
    checkInCode: '482913',
    remarks: 'Bring the slides',
    pending: false,
  },
  reason: 'The room is needed for an audit',
  violationCount: 3,
  releaseDate: '2026-12-08',
  daysLeft: 5,
};
