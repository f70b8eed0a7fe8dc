import type { MessageSet } from './types.ts';

// The wall screen on a device credential (docs/product-rules.md R19.12).
export default {
  en: {
    'tablets.wallName': 'Wall screen',
    'tablets.doorCode': 'This code pairs a door tablet: open /pad on the tablet at the room and enter it there',
    'tablets.wallCode': 'This code pairs a wall screen: open /wall on the screen and enter it there',
    'tablets.wallOfflineSubject': 'Wall screen offline: {name}',
    'tablets.wallOfflineText':
      'The wall screen "{name}" has not called the server for {minutes} minutes or more; it was last seen at {lastSeen} ({zone}).\nCheck its power and its network. You are told again if it comes back and then goes offline again.',
  },
  cn: {
    'tablets.wallName': '大屏',
    'tablets.doorCode': '此配对码用于门口平板：请在会议室门口的平板上打开 /pad 并输入',
    'tablets.wallCode': '此配对码用于大屏：请在大屏上打开 /wall 并输入',
    'tablets.wallOfflineSubject': '大屏离线：{name}',
    'tablets.wallOfflineText':
      '大屏“{name}”已有 {minutes} 分钟或更久未连接服务器，最后在线时间为 {lastSeen}（{zone}）。\n请检查其电源和网络。若它恢复后再次离线，您会再次收到通知。',
  },
  ja: {
    'tablets.wallName': 'ウォールスクリーン',
    'tablets.doorCode': 'このコードはドアタブレット用です。部屋のタブレットで /pad を開いて入力してください',
    'tablets.wallCode': 'このコードはウォールスクリーン用です。スクリーンで /wall を開いて入力してください',
    'tablets.wallOfflineSubject': 'ウォールスクリーンがオフライン：{name}',
    'tablets.wallOfflineText':
      'ウォールスクリーン「{name}」は {minutes} 分以上サーバーに接続していません。最後の接続は {lastSeen}（{zone}）です。\n電源とネットワークを確認してください。復旧後に再びオフラインになった場合も通知します。',
  },
} satisfies MessageSet;
