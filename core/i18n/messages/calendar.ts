import type { MessageSet } from './types.ts';

// Calendar sync, the way back (docs/product-rules.md R23): why a room declined an event written into its calendar,
// and the notes on bookings made from one.
export default {
  en: {
    'calendar.unknownOrganiser':
      'No account has the organiser’s e-mail address ({name}), and no account books for outside organisers',
    'calendar.spansDays': 'A booking lies within one day: the event runs over midnight',
    'calendar.badTime': 'The event’s time cannot be read',
    'calendar.recurring': 'Recurring meetings are not booked from the room’s calendar: book the series in Atrium',
    'calendar.bookedOutside': 'Booked in the room’s calendar by {name}',
    'calendar.cancelledOutside': 'Cancelled in the room’s calendar',
    'calendar.declinedSubject': 'Declined: {subject} ({room})',
    'calendar.declinedText': '{room} cannot take “{subject}”: {reason}',
    'calendar.busyOutside': 'The room’s calendar shows it busy then: a meeting booked outside Atrium',
    'calendar.roomsOnly': 'Only rooms have calendars to mirror: {name} is a desk',
  },
  cn: {
    'calendar.unknownOrganiser': '没有账号使用组织者的邮箱（{name}），也没有为外部组织者预约的账号',
    'calendar.spansDays': '预约须在同一天内：该日程跨越午夜',
    'calendar.badTime': '无法读取该日程的时间',
    'calendar.recurring': '会议室日历中的周期会议不会被预约：请在 Atrium 中预约该系列',
    'calendar.bookedOutside': '由 {name} 在会议室日历中预约',
    'calendar.cancelledOutside': '已在会议室日历中取消',
    'calendar.declinedSubject': '已拒绝：{subject}（{room}）',
    'calendar.declinedText': '{room} 无法接受“{subject}”：{reason}',
    'calendar.busyOutside': '会议室日历显示该时间已被占用：在 Atrium 之外预约的会议',
    'calendar.roomsOnly': '只有会议室才有可同步的日历：{name} 是工位',
  },
  ja: {
    'calendar.unknownOrganiser':
      '主催者のメールアドレス（{name}）を持つアカウントがなく、外部の主催者のために予約するアカウントもありません',
    'calendar.spansDays': '予約は一日の中に収める必要があります。この予定は日付をまたいでいます',
    'calendar.badTime': 'この予定の時刻を読み取れません',
    'calendar.recurring': '会議室のカレンダーの定期的な会議は予約されません。シリーズは Atrium で予約してください',
    'calendar.bookedOutside': '{name} が会議室のカレンダーで予約',
    'calendar.cancelledOutside': '会議室のカレンダーで取り消されました',
    'calendar.declinedSubject': '辞退：{subject}（{room}）',
    'calendar.declinedText': '{room} は「{subject}」を受け付けられません：{reason}',
    'calendar.busyOutside': '会議室のカレンダーではこの時間は予定が入っています（Atrium の外で予約された会議）',
    'calendar.roomsOnly': 'カレンダーを同期できるのは会議室だけです。{name} は座席です',
  },
} satisfies MessageSet;
