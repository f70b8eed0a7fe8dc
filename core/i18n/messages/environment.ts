import type { MessageSet } from './types.ts';

// Environment history: the administrators' notice when a sensor's reading leaves its thresholds
// (docs/product-rules.md R20.3).
export default {
  en: {
    'environment.alertSubject': 'Environment alert in {room}: {indicator} {value} {unit}',
    'environment.alertText':
      'The sensor {sensor} in {room} measured {indicator} {value} {unit} at {time} ({zone}), {side} {limit} {unit}.\nYou are told again only after its readings have come back within the thresholds (envThresholds) and left them again.',
    'environment.above': 'above the maximum of',
    'environment.below': 'below the minimum of',
    'environment.temperature': 'temperature',
    'environment.humidity': 'humidity',
    'environment.co2': 'CO2',
    'environment.tvoc': 'TVOC',
    'environment.pressure': 'air pressure',
    'environment.hcho': 'formaldehyde (HCHO)',
    'environment.pm25': 'PM2.5',
    'environment.pm10': 'PM10',
  },
  cn: {
    'environment.alertSubject': '环境告警：{room} {indicator} {value} {unit}',
    'environment.alertText':
      '{room} 的传感器 {sensor} 于 {time}（{zone}）测得{indicator} {value} {unit}，{side} {limit} {unit}。\n读数恢复到阈值（envThresholds）范围内后再次超出时才会再次通知。',
    'environment.above': '高于上限',
    'environment.below': '低于下限',
    'environment.temperature': '温度',
    'environment.humidity': '湿度',
    'environment.co2': '二氧化碳',
    'environment.tvoc': 'TVOC',
    'environment.pressure': '气压',
    'environment.hcho': '甲醛',
    'environment.pm25': 'PM2.5',
    'environment.pm10': 'PM10',
  },
  ja: {
    'environment.alertSubject': '環境アラート：{room} {indicator} {value} {unit}',
    'environment.alertText':
      '{room} のセンサー {sensor} が {time}（{zone}）に{indicator} {value} {unit} を測定しました。{side} {limit} {unit} です。\n読み取り値がしきい値（envThresholds）の範囲内に戻り、再び外れたときにだけ再度通知します。',
    'environment.above': '上限を超えています：',
    'environment.below': '下限を下回っています：',
    'environment.temperature': '温度',
    'environment.humidity': '湿度',
    'environment.co2': 'CO2',
    'environment.tvoc': 'TVOC',
    'environment.pressure': '気圧',
    'environment.hcho': 'ホルムアルデヒド',
    'environment.pm25': 'PM2.5',
    'environment.pm10': 'PM10',
  },
} satisfies MessageSet;
