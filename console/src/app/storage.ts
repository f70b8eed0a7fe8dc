/**
 * What the console keeps in the browser (docs/product-rules.md R18.6).
 * The password is never stored; the refresh token only when the user asked to
 * stay signed in. Permissions and capabilities live in session storage.
 */
export interface MenuEntry {
  name: string;
  path: string;
  meta: { title: string; titleEn: string; titleJa: string; icon: string | null; hidden: boolean };
  children?: MenuEntry[];
}

const KEEP_ON_LOGOUT = ['clientId', 'dashboardBuildingId', 'dashboardLevelId', 'lang', 'theme'];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the session then lasts the page.
  }
}

/** A list kept in session storage (it ends with the tab). */
function readList(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeList(key: string, v: string[]): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(v));
  } catch {
    // see write()
  }
}

export const storage = {
  get token() {
    return read('token');
  },
  set token(v: string | null) {
    write('token', v);
  },
  get refreshToken() {
    return read('refreshToken');
  },
  set refreshToken(v: string | null) {
    write('refreshToken', v);
  },
  get expiresAt() {
    return Number(read('expiresAt') ?? 0);
  },
  set expiresAt(v: number) {
    write('expiresAt', String(v));
  },
  get username() {
    return read('username') ?? '';
  },
  set username(v: string) {
    write('username', v);
  },
  get lang() {
    return read('lang');
  },
  set lang(v: string | null) {
    write('lang', v);
  },
  get theme() {
    return read('theme');
  },
  set theme(v: string | null) {
    write('theme', v);
  },

  get menuList(): MenuEntry[] {
    try {
      const parsed: unknown = JSON.parse(read('menuList') ?? '[]');
      return Array.isArray(parsed) ? (parsed as MenuEntry[]) : [];
    } catch {
      return [];
    }
  },
  set menuList(v: MenuEntry[]) {
    write('menuList', JSON.stringify(v));
  },

  get permissions(): string[] {
    return readList('permissions');
  },
  set permissions(v: string[]) {
    writeList('permissions', v);
  },
  get capabilities(): string[] {
    return readList('capabilities');
  },
  set capabilities(v: string[]) {
    writeList('capabilities', v);
  },

  /** The client id the CAPTCHA is issued for; made once per browser. */
  get uuid(): string {
    let id = read('uuid');
    if (!id) {
      id = randomId();
      write('uuid', id);
    }
    return id;
  },

  getItem: read,
  setItem: write,

  /** Sign-out: everything goes except the client id, the dashboard's place, language and theme. */
  clearSession(): void {
    try {
      const kept = KEEP_ON_LOGOUT.map((k) => [k, read(k)] as const);
      const tabs = Object.keys(localStorage)
        .filter((k) => k.startsWith('tabs:'))
        .map((k) => [k, read(k)] as const);
      localStorage.clear();
      for (const [k, v] of [...kept, ...tabs]) if (v !== null) write(k, v);
      sessionStorage.clear();
    } catch {
      // see write()
    }
  },
};

/**
 * A random id without crypto.randomUUID, which plain-http LAN hosts lack
 * (it needs a secure context); getRandomValues works everywhere.
 */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
