import type { MessageSet } from './types.ts';

export default {
  en: {
    'report.sameDay': 'The report date range cannot be a single day',
    'report.noData': 'No data to export',
    'report.tooMuch': 'Too much data to export ({count} rows, at most {limit}); filter first',
    'report.notReady': 'The report is not ready yet',
  },
  cn: {
    'report.sameDay': '报表日期范围不能是同一天',
    'report.noData': '没有可导出的数据',
    'report.tooMuch': '导出数据过多（{count} 行，最多 {limit} 行），请先筛选',
    'report.notReady': '报表尚未生成',
  },
  ja: {
    'report.sameDay': 'レポートの期間を同じ日にすることはできません',
    'report.noData': 'エクスポートするデータがありません',
    'report.tooMuch': 'エクスポートするデータが多すぎます（{count} 行、上限 {limit} 行）。先に絞り込んでください',
    'report.notReady': 'レポートはまだ作成されていません',
  },
} satisfies MessageSet;
