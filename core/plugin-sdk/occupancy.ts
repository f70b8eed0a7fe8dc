/** Presence (occupancy) sensors: is anybody in the room? */
import type { ProviderBase } from './context.ts';

/** 0 nobody, 1 people present, 2 unknown. */
export type Occupancy = 0 | 1 | 2;

export interface OccupancyDevice {
  id: string;
  name: string;
  roomName?: string;
}

export interface OccupancyState {
  deviceId: string;
  state: Occupancy;
  at: number;
}

export interface OccupancyProvider extends ProviderBase {
  /** The vendor's sensors, for binding to resources. Called when an administrator opens the screen. */
  listDevices(): Promise<OccupancyDevice[]>;
  /** Current state of these sensors. Called by the presence job and tablets, at most once a minute per sensor. */
  states(deviceIds: string[]): Promise<OccupancyState[]>;
  /**
   * Optional push: called once at start; report changes through `onChange` (door tablets run their presence
   * rules on them: the keep button, ending an empty meeting, checking in on arrival). Returns the stop function.
   */
  watch?(onChange: (state: OccupancyState) => void): Promise<() => void>;
}
