import type { MessageSet } from './types.ts';

// The wall screen on a device credential (docs/product-rules.md R19.12).
export default {
  en: {
    'tablets.wallName': 'Wall screen',
    'tablets.wallOfflineSubject': 'Wall screen offline: {name}',
    'tablets.wallOfflineText':
      'The wall screen "{name}" has not called the server for {minutes} minutes or more; it was last seen at {lastSeen} ({zone}).\nCheck its power and its network. You are told again if it comes back and then goes offline again.',
  },
  cn: {
    'tablets.wallName': '大屏',
    'tablets.wallOfflineSubject': '大屏离线：{name}',
    'tablets.wallOfflineText':
      '大屏“{name}”已有 {minutes} 分钟或更久未连接服务器，最后在线时间为 {lastSeen}（{zone}）。\n请检查其电源和网络。若它恢复后再次离线，您会再次收到通知。',
  },
  ja: {
    'tablets.wallName': 'ウォールスクリーン',
    'tablets.wallOfflineSubject': 'ウォールスクリーンがオフライン：{name}',
    'tablets.wallOfflineText':
      'ウォールスクリーン「{name}」は {minutes} 分以上サーバーに接続していません。最後の接続は {lastSeen}（{zone}）です。\n電源とネットワークを確認してください。復旧後に再びオフラインになった場合も通知します。',
  },
} satisfies MessageSet;
