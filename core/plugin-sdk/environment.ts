/** Environment sensors of rooms: temperature, humidity, CO2, TVOC, air pressure, HCHO, PM2.5, PM10. */
import type { ProviderBase } from './context.ts';

export interface EnvironmentDevice {
  id: string;
  name: string;
  macAddress?: string;
  roomName?: string;
}

export interface EnvironmentReading {
  deviceId: string;
  /** Epoch ms of the measurement. */
  at: number;
  temperature?: number;
  humidity?: number;
  co2?: number;
  tvoc?: number;
  pressure?: number;
  hcho?: number;
  pm25?: number;
  pm10?: number;
}

export interface EnvironmentProvider extends ProviderBase {
  /** The vendor's devices, for binding to resources. Called when an administrator opens the screen. */
  listDevices(): Promise<EnvironmentDevice[]>;
  /** Latest readings of these devices. Called by dashboards and tablets, at most once a minute per device. */
  readings(deviceIds: string[]): Promise<EnvironmentReading[]>;
  /**
   * Optional push (MQTT, webhooks): called once at start; report each new reading
   * through `onReading`. Return a function that stops listening (also done by close()).
   */
  watch?(onReading: (reading: EnvironmentReading) => void): Promise<() => void>;
}
