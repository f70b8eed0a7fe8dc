/** Switch devices (lights, screens, power) of rooms, turned on for meetings. */
import type { ProviderBase } from './context.ts';

export interface SwitchDevice {
  id: string;
  name: string;
  on?: boolean;
}

export interface SwitchProvider extends ProviderBase {
  /** The vendor's switches, for binding to rooms. Called when an administrator opens the screen. */
  listDevices(): Promise<SwitchDevice[]>;
  /**
   * Turns a switch on or off. Called by the outbox worker: on at check-in (and `switchOnBeforeMinutes` before the
   * start when set), off at check-out, when a checked-in meeting's time runs out, at a no-show and when a meeting
   * checked in (or switched on ahead) is cancelled. Calls about one device arrive in order; the same call may be
   * repeated after a crash. Throw to be retried.
   */
  setState(deviceId: string, on: boolean): Promise<void>;
  /** Optional: current state, for the console. */
  getState?(deviceId: string): Promise<boolean>;
}
