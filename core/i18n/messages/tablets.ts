import type { MessageSet } from './types.ts';

// Door tablets: pairing and the device credential (docs/product-rules.md R19).
export default {
  en: {
    'tablets.codeInvalid':
      'The pairing code is wrong, has expired or was already used; ask an administrator for a new one',
    'tablets.credentialInvalid': 'This tablet is not paired; enter a pairing code',
    'tablets.revoked': 'This tablet was revoked by an administrator; enter a new pairing code',
    'tablets.notForDevices': "A door tablet's credential opens only the tablet's own routes; sign in as a user",
    'tablets.otherRoom': 'A tablet sees only the room it is paired to',
    'tablets.notARoom': 'A door tablet is paired to a room, not to a desk',
  },
  cn: {
    'tablets.codeInvalid': '配对码错误、已过期或已被使用，请向管理员索取新的配对码',
    'tablets.credentialInvalid': '此平板尚未配对，请输入配对码',
    'tablets.revoked': '此平板已被管理员撤销，请输入新的配对码',
    'tablets.notForDevices': '门口平板的凭证只能访问平板自己的接口，请以用户身份登录',
    'tablets.otherRoom': '平板只能查看其配对的会议室',
    'tablets.notARoom': '门口平板只能与会议室配对，不能与工位配对',
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
  },
} satisfies MessageSet;
