/**
 * Every protected route of SPEC.md §2.2, with its English title (the key of
 * its translated page title: `routes.<English title>`). The menu the server
 * returns decides which of them a user reaches (route guard, SPEC.md §2.6).
 */
export interface KnownRoute {
  path: string;
  title: string;
  /** Shown without the main layout (the dashboard wall screen). */
  bare?: boolean;
}

export interface KnownSection {
  path: string;
  title: string;
  children: KnownRoute[];
}

const r = (path: string, title: string, bare = false): KnownRoute => (bare ? { path, title, bare } : { path, title });

export const SECTIONS: KnownSection[] = [
  {
    path: '/center',
    title: 'Booking Centre',
    children: [
      r('/center/reserve', 'Book by List'),
      r('/center/reservedesk', 'Book by Floor plan'),
      r('/center/meeting', 'My Booking'),
      r('/center/mydesk', 'My Desk'),
      r('/center/search', 'Room Inquiry'),
      r('/center/searchdesk', 'Desk Inquiry'),
      r('/center/recurring', 'Recurring Booking'),
      r('/center/approve', 'My Approval'),
    ],
  },
  {
    path: '/room',
    title: 'Resources',
    children: [
      r('/room/room', 'Resource Management'),
      r('/room/building', 'Location Management'),
      r('/room/level', 'Floor Management'),
      r('/room/equipment', 'Device Management'),
      r('/room/desk', 'Desk Management'),
      r('/room/dashboard', 'Dashboard'),
      r('/room/report', 'Statistics Reports'),
      r('/room/image', 'Resource Icon'),
      r('/room/dashboardx', 'Dashboard (wall screen)', true),
    ],
  },
  {
    path: '/sys',
    title: 'System',
    children: [
      r('/sys/admin', 'User Management'),
      r('/sys/role', 'Role and Permission'),
      r('/sys/menu', 'Menu Management'),
      r('/sys/group', 'User Group'),
      r('/sys/reservelog', 'Reservation Log'),
      r('/sys/status', 'Pad Online Status'),
      r('/sys/roomtime', 'Time Configuration'),
      r('/sys/email', 'Notification Center'),
      r('/sys/face', 'Face Recognition'),
      r('/sys/licence', 'System License'),
      r('/sys/log', 'System Operation Log'),
      r('/sys/dic', 'Data Dictionary'),
      r('/sys/setting', 'System Setting'),
      r('/sys/setting/sql', 'SQL Monitor'),
      r('/sys/setting/code', 'Code Generation'),
      r('/sys/secret', 'Key Management'),
      r('/sys/padauth', 'Pad Setting'),
      r('/sys/security', 'Security'),
      r('/sys/blackset', 'Blocklist Setting'),
      r('/sys/blacklist', 'Blocklist'),
      r('/sys/violationlist', 'Violation List'),
    ],
  },
  {
    path: '/inte',
    title: 'Integrations',
    children: [
      r('/inte/environment', 'Environment Detection'),
      r('/inte/occupancy', 'Presence Detection'),
      r('/inte/fr', 'Face Recognition'),
      r('/inte/esl', 'Electronic Labels'),
      r('/inte/ar', 'Access Control'),
      r('/inte/notify', 'Notifications'),
      r('/inte/app', 'Third-party Apps'),
      r('/inte/event', 'Booking Sync'),
      r('/inte/switch', 'Switches'),
    ],
  },
];

export const BOOKING_PAGE = '/center/reserve';
/** Always reachable, whatever the menu says (SPEC.md §2.6, §6). */
export const ALWAYS_ALLOWED = ['/sys/setting'];

const byPath = new Map(
  SECTIONS.flatMap((s) => [
    [s.path, { path: s.path, title: s.title } as KnownRoute],
    ...s.children.map((c) => [c.path, c] as const),
  ]),
);

export function knownRoute(path: string): KnownRoute | undefined {
  return byPath.get(normalise(path));
}

export function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
