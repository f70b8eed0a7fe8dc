import type { MessageSet } from './types.ts';

export default {
  en: {
    'live.tooManyClients': 'This server already serves {limit} live streams; try again shortly',
    'live.noResources': 'None of these resources can be followed',
  },
  cn: {
    'live.tooManyClients': '服务器已有 {limit} 个实时连接，请稍后重试',
    'live.noResources': '无法关注这些资源中的任何一个',
  },
  ja: {
    'live.tooManyClients':
      'このサーバーはすでに {limit} 本のライブ接続を処理しています。しばらくしてから再試行してください',
    'live.noResources': 'これらのリソースはいずれもフォローできません',
  },
} satisfies MessageSet;
