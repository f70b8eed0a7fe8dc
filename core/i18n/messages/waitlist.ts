import type { MessageSet } from './types.ts';

// The waitlist (docs/product-rules.md R25).
export default {
  en: {
    'waitlist.free': 'This time is free: book it instead of joining its waitlist',
    'waitlist.already': 'You are already on the waitlist for this time',
    'waitlist.notWaiting': 'This waitlist entry no longer waits',
    'waitlist.noAccount': 'The account no longer exists',
    'waitlist.mayNotBook': 'The account may no longer book',
    'waitlist.offeredSubject': '{resource} is free on {date} {start}-{end}',
    'waitlist.offeredText':
      'The time you waited for is free now: {resource} on {date} from {start} to {end}. Book it now, before someone else does.',
    'waitlist.bookedSubject': 'Booked for you: {resource} on {date} {start}-{end}',
    'waitlist.bookedText':
      'The time you waited for became free and was booked for you: {resource} on {date} from {start} to {end}. You find it in My Booking.',
    'waitlist.failedSubject': 'Could not book {resource} on {date} {start}-{end} for you',
    'waitlist.failedText':
      'The time you waited for became free ({resource} on {date} from {start} to {end}), but it could not be booked for you: {reason}',
  },
  cn: {
    'waitlist.free': '该时段空闲：请直接预约，无需排队',
    'waitlist.already': '您已在该时段的候补名单中',
    'waitlist.notWaiting': '该候补已不在等待中',
    'waitlist.noAccount': '账户已不存在',
    'waitlist.mayNotBook': '该账户已不能预约',
    'waitlist.offeredSubject': '{resource} 在 {date} {start}-{end} 已空出',
    'waitlist.offeredText': '您候补的时段现已空出：{resource}，{date} {start} 至 {end}。请尽快预约，以免被他人预约。',
    'waitlist.bookedSubject': '已为您预约：{resource} {date} {start}-{end}',
    'waitlist.bookedText':
      '您候补的时段已空出并已为您预约：{resource}，{date} {start} 至 {end}。可在“我的预约”中查看。',
    'waitlist.failedSubject': '未能为您预约 {resource} {date} {start}-{end}',
    'waitlist.failedText': '您候补的时段已空出（{resource}，{date} {start} 至 {end}），但未能为您预约：{reason}',
  },
  ja: {
    'waitlist.free': 'この時間は空いています。キャンセル待ちではなく予約してください',
    'waitlist.already': 'この時間のキャンセル待ちに既に登録しています',
    'waitlist.notWaiting': 'このキャンセル待ちはもう待機中ではありません',
    'waitlist.noAccount': 'アカウントが存在しません',
    'waitlist.mayNotBook': 'このアカウントはもう予約できません',
    'waitlist.offeredSubject': '{resource} の {date} {start}-{end} が空きました',
    'waitlist.offeredText':
      'キャンセル待ちの時間が空きました：{resource}、{date} {start}～{end}。ほかの人に予約される前に予約してください。',
    'waitlist.bookedSubject': '予約しました：{resource} {date} {start}-{end}',
    'waitlist.bookedText':
      'キャンセル待ちの時間が空いたため、予約しました：{resource}、{date} {start}～{end}。マイ予約で確認できます。',
    'waitlist.failedSubject': '{resource} {date} {start}-{end} を予約できませんでした',
    'waitlist.failedText':
      'キャンセル待ちの時間が空きました（{resource}、{date} {start}～{end}）が、予約できませんでした：{reason}',
  },
} satisfies MessageSet;
