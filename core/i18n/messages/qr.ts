import type { MessageSet } from './types.ts';

// The room QR code read by a phone (docs/product-rules.md R19.9).
export default {
  en: {
    'qr.wrongSecret': 'This QR code is not valid (any more); scan the code at the room',
    'qr.otherRoom': 'This meeting is in another room',
    'qr.notYourMeeting': 'Only the organiser or an attendee of this meeting may check in to it here',
  },
  cn: {
    'qr.wrongSecret': '此二维码无效或已失效，请扫描会议室门口的二维码',
    'qr.otherRoom': '此会议不在这个会议室',
    'qr.notYourMeeting': '只有会议的组织者或参会人可以在此签到',
  },
  ja: {
    'qr.wrongSecret': 'この QR コードは無効です（または無効になりました）。会議室の QR コードを読み取ってください',
    'qr.otherRoom': 'この会議は別の会議室です',
    'qr.notYourMeeting': 'ここでチェックインできるのは会議の主催者または参加者のみです',
  },
} satisfies MessageSet;
