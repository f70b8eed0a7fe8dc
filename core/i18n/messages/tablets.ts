import type { MessageSet } from './types.ts';

// Door tablets: pairing, the device credential and what people do at the door (docs/product-rules.md R19).
export default {
  en: {
    'tablets.codeInvalid':
      'The pairing code is wrong, has expired or was already used; ask an administrator for a new one',
    'tablets.credentialInvalid': 'This tablet is not paired; enter a pairing code',
    'tablets.revoked': 'This tablet was revoked by an administrator; enter a new pairing code',
    'tablets.notForDevices': "A door tablet's credential opens only the tablet's own routes; sign in as a user",
    'tablets.otherRoom': 'A tablet sees only the room it is paired to',
    'tablets.notARoom': 'A door tablet is paired to a room, not to a desk',
    'pad.waitSeconds': 'Too many wrong codes on this tablet; try again in {seconds} s',
    'pad.signInOnWeb': 'Too many wrong passwords for this name; sign in on the web first',
    'pad.badCredentials': 'Wrong username or password',
    'pad.bookingOff': 'Booking at the door is switched off',
    'pad.notFreeNow': 'The room is not free now',
    'pad.notFreeThatLong': 'The room is not free that long; choose a shorter time',
    'pad.methodOff': 'This way of identifying yourself is not offered at the door tablets',
    'pad.notYourMeeting': 'Only the organiser or an attendee of this meeting may do that',
    'pad.bookedAtDoor': 'Booked at the door',
    'pad.notUnderway': 'That meeting is not under way in this room',
    'pad.noCardRead':
      "No card was read at this room's reader in the last 30 seconds: hold your card to it, then continue",
    'pad.noFaceSeen': "Nobody was recognised at this room's camera in the last 30 seconds: look at it, then continue",
    'tablets.offlineSubject': 'Door tablet offline: {name} ({room})',
    'tablets.offlineText':
      'The door tablet "{name}" of {room} has not called the server for {minutes} minutes or more; it was last seen at {lastSeen} ({zone}).\nCheck its power and its network. You are told again if it comes back and then goes offline again.',
  },
  cn: {
    'tablets.codeInvalid': '配对码错误、已过期或已被使用，请向管理员索取新的配对码',
    'tablets.credentialInvalid': '此平板尚未配对，请输入配对码',
    'tablets.revoked': '此平板已被管理员撤销，请输入新的配对码',
    'tablets.notForDevices': '门口平板的凭证只能访问平板自己的接口，请以用户身份登录',
    'tablets.otherRoom': '平板只能查看其配对的会议室',
    'tablets.notARoom': '门口平板只能与会议室配对，不能与工位配对',
    'pad.waitSeconds': '此平板上签到码错误次数过多，请 {seconds} 秒后再试',
    'pad.signInOnWeb': '该用户名密码错误次数过多，请先在网页上登录',
    'pad.badCredentials': '用户名或密码错误',
    'pad.bookingOff': '门口预约已关闭',
    'pad.notFreeNow': '会议室当前不空闲',
    'pad.notFreeThatLong': '会议室空闲时间不足，请选择更短的时间',
    'pad.methodOff': '门口平板不提供此认证方式',
    'pad.notYourMeeting': '只有该会议的预约人或参会人可以执行此操作',
    'pad.bookedAtDoor': '门口预约',
    'pad.notUnderway': '该会议当前未在此会议室进行',
    'pad.noCardRead': '最近 30 秒内本会议室的读卡器未读到卡片：请刷卡后再继续',
    'pad.noFaceSeen': '最近 30 秒内本会议室的摄像头未识别到人脸：请看向摄像头后再继续',
    'tablets.offlineSubject': '门口平板离线：{name}（{room}）',
    'tablets.offlineText':
      '{room} 的门口平板“{name}”已有 {minutes} 分钟以上未连接服务器，最后在线时间为 {lastSeen}（{zone}）。\n请检查其电源和网络。若它恢复后再次离线，将再次通知。',
  },
  ja: {
    'tablets.codeInvalid':
      'ペアリングコードが間違っているか、期限切れか、使用済みです。管理者に新しいコードを依頼してください',
    'tablets.credentialInvalid': 'このタブレットはペアリングされていません。ペアリングコードを入力してください',
    'tablets.revoked': 'このタブレットは管理者により取り消されました。新しいペアリングコードを入力してください',
    'tablets.notForDevices':
      'ドアタブレットの資格情報はタブレット自身の API にのみ使えます。ユーザーとしてサインインしてください',
    'tablets.otherRoom': 'タブレットはペアリングされた部屋のみ参照できます',
    'tablets.notARoom': 'ドアタブレットは会議室とペアリングします。デスクとはペアリングできません',
    'pad.waitSeconds': 'このタブレットでコードの誤りが多すぎます。{seconds} 秒後にもう一度お試しください',
    'pad.signInOnWeb': 'この名前のパスワードの誤りが多すぎます。先に Web でサインインしてください',
    'pad.badCredentials': 'ユーザー名またはパスワードが違います',
    'pad.bookingOff': 'ドアでの予約はオフになっています',
    'pad.notFreeNow': '会議室は現在空いていません',
    'pad.notFreeThatLong': 'その長さは空いていません。短い時間を選んでください',
    'pad.methodOff': 'この認証方法はドアタブレットでは使えません',
    'pad.notYourMeeting': 'この会議の予約者または参加者のみ操作できます',
    'pad.bookedAtDoor': 'ドアで予約',
    'pad.notUnderway': 'その会議はこの部屋で現在進行中ではありません',
    'pad.noCardRead':
      '過去 30 秒間にこの部屋のカードリーダーでカードが読み取られていません。カードをかざしてから続けてください',
    'pad.noFaceSeen': '過去 30 秒間にこの部屋のカメラで顔が認識されていません。カメラを見てから続けてください',
    'tablets.offlineSubject': 'ドアタブレットがオフライン：{name}（{room}）',
    'tablets.offlineText':
      '{room} のドアタブレット「{name}」は {minutes} 分以上サーバーに接続していません。最後の接続は {lastSeen}（{zone}）です。\n電源とネットワークを確認してください。復帰後に再びオフラインになった場合は、もう一度通知します。',
  },
} satisfies MessageSet;
