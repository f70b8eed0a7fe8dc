import type { MessageSet } from './types.ts';

// The room QR code read by a phone (docs/product-rules.md R19.9).
export default {
  en: {
    'qr.wrongSecret': 'This QR code is not valid (any more); scan the code at the room',
    'qr.expired': 'This QR code has expired; scan the code on the door tablet again',
    'qr.otherRoom': 'This meeting is in another room',
    'qr.notYourMeeting': 'Only the organiser or an attendee of this meeting may check in to it here',
  },
  cn: {
    'qr.wrongSecret': '此二维码无效或已失效，请扫描会议室门口的二维码',
    'qr.expired': '此二维码已过期，请重新扫描门口平板上的二维码',
    'qr.otherRoom': '此会议不在这个会议室',
    'qr.notYourMeeting': '只有会议的组织者或参会人可以在此签到',
  },
  ja: {
    'qr.wrongSecret': 'この QR コードは無効です（または無効になりました）。会議室の QR コードを読み取ってください',
    'qr.expired': 'この QR コードは有効期限が切れました。ドアタブレットの QR コードをもう一度読み取ってください',
    'qr.otherRoom': 'この会議は別の会議室です',
    'qr.notYourMeeting': 'ここでチェックインできるのは会議の主催者または参加者のみです',
  },
} satisfies MessageSet;
