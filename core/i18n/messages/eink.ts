import type { MessageSet } from './types.ts';

// What an e-ink door label shows (docs/product-rules.md R20.4).
export default {
  en: {
    'eink.now': 'Now',
    'eink.next': 'Next',
    'eink.freeNow': 'Free now',
    'eink.freeFrom': 'Free from {time}',
    'eink.busyToday': 'Booked for the rest of the day',
    'eink.noMore': 'No more meetings today',
    'eink.booked': 'Booked',
  },
  cn: {
    'eink.now': '当前',
    'eink.next': '下一场',
    'eink.freeNow': '现在空闲',
    'eink.freeFrom': '{time} 起空闲',
    'eink.busyToday': '今天余下时间已约满',
    'eink.noMore': '今天没有更多会议',
    'eink.booked': '已预约',
  },
  ja: {
    'eink.now': '現在',
    'eink.next': '次',
    'eink.freeNow': '現在空いています',
    'eink.freeFrom': '{time} から空き',
    'eink.busyToday': '本日は終了まで予約済み',
    'eink.noMore': '本日の会議はもうありません',
    'eink.booked': '予約あり',
  },
} satisfies MessageSet;
