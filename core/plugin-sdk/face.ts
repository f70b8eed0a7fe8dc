/** Face recognition terminals (settings: clientId, imageCount, url, secret). */
import type { ProviderBase } from './context.ts';

export interface FacePerson {
  userId: number;
  username: string;
  name: string;
  /** JPEG or PNG images of the face, at most `imageCount` of them. */
  images: Buffer[];
}

export interface FaceMatch {
  /** Atrium username of the person recognised, if any. */
  username?: string;
  /** 0..1 */
  score: number;
}

/** A person recognised by a terminal on its own (SDK 1.1), reported through `watch`: door tablets check them in. */
export interface FaceIdentified {
  /** The terminal's id as the vendor knows it (a device's identifier in Atrium). */
  terminalId: string;
  /** Atrium username of the person recognised. */
  username: string;
  /** 0..1; below the host's threshold (0.8) the identification is ignored. */
  score: number;
  /** Epoch ms. */
  at: number;
}

export interface FaceProvider extends ProviderBase {
  /** Registers or replaces a person's faces. Called by the outbox worker after an administrator uploads faces. Throw to be retried. */
  enrol(person: FacePerson): Promise<void>;
  /** Forgets a person (user deleted or disabled). Called by the outbox worker. Throw to be retried. */
  remove(userId: number, username: string): Promise<void>;
  /**
   * Optional (SDK 1.2): the vendor's face terminals, for binding them to rooms (the console's device pickers,
   * `GET /inte/fr/providerDevices`). Called when an administrator opens a screen.
   */
  listDevices?(): Promise<Array<{ id: string; name: string; roomName?: string }>>;
  /** Optional: identifies a face captured by a tablet. Called on a tablet check-in, on the request's path (keep it fast). */
  identify?(image: Buffer): Promise<FaceMatch>;
  /** Optional push (SDK 1.1): called once at start; report identifications through `onIdentified`. Returns the stop function. */
  watch?(onIdentified: (identified: FaceIdentified) => void): Promise<() => void>;
}
