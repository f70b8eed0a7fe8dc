/**
 * The demo organisation: one site with two floors, ten meeting rooms, forty
 * desks with opening hours, twenty people, the drawn plan of the open-office
 * floor and a month of bookings (history.ts), so a newcomer sees a living
 * system. Demo users sign in with the password DEMO_PASSWORD.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemActor } from '../actor.ts';
import type { Cradle } from '../cradle.ts';
import { STAFF_ROLE } from '../modules/roles/index.ts';
import { hashPassword } from '../modules/users/index.ts';
import { seedHistory, type HistoryPerson, type HistoryPlace } from './history.ts';

/** The open-office floor's plan: drawn as floor-5f.svg, rendered to this PNG by scripts/floor-plan.ts. */
const FLOOR_PLAN = fileURLToPath(new URL('./assets/floor-5f.png', import.meta.url));

export const DEMO_PASSWORD = 'Demo@2026';

const PEOPLE = [
  ['liwei', '李伟', 'Engineering'],
  ['wangfang', '王芳', 'Engineering'],
  ['zhangmin', '张敏', 'Sales'],
  ['liuyang', '刘洋', 'Sales'],
  ['chenjing', '陈静', 'Finance'],
  ['yangfan', '杨帆', 'Finance'],
  ['zhaolei', '赵磊', 'Marketing'],
  ['huangli', '黄丽', 'Marketing'],
  ['sato', '佐藤 健', 'Engineering'],
  ['suzuki', '鈴木 花子', 'Design'],
  ['takahashi', '高橋 誠', 'Design'],
  ['tanaka', '田中 美咲', 'Operations'],
  ['emma', 'Emma Wilson', 'Operations'],
  ['james', 'James Carter', 'Engineering'],
  ['olivia', 'Olivia Brown', 'HR'],
  ['noah', 'Noah Davis', 'HR'],
  ['sophia', 'Sophia Martin', 'Legal'],
  ['lucas', 'Lucas Moreau', 'Sales'],
  ['mia', 'Mia Schmidt', 'Engineering'],
  ['ethan', 'Ethan Clark', 'Facilities'],
] as const;

const ROOMS = [
  ['Everest', 12, 4800],
  ['Kilimanjaro', 8, 3200],
  ['Fuji', 6, 2400],
  ['Alps', 4, 1600],
  ['Andes', 10, 4000],
  ['Taishan', 20, 8000],
  ['Huangshan', 6, 2400],
  ['Matterhorn', 4, 1600],
  ['Denali', 2, 800],
  ['Olympus', 16, 6400],
] as const;

export async function seedDemo({ db, clock, rolesService, paramsService, uploadsService }: Cradle): Promise<void> {
  const now = clock.now();
  const stamp = { created_at: now, updated_at: now };
  const staffRole = await rolesService.roleIdByCode(STAFF_ROLE);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const settings = await paramsService.getMany([
    'checkInWindowMinutes',
    'autoCancelResource',
    'blocklistMaxViolations',
    'blocklistPeriodDays',
  ]);
  const places: HistoryPlace[] = [];
  const people: HistoryPerson[] = [];
  let openOffice = 0;

  await db.transaction(async (trx) => {
    const [locationId] = await trx('locations').insert({
      name: 'Atrium HQ',
      time_zone: 'Asia/Shanghai',
      address: '1 Century Avenue, Shanghai',
      sort: 1,
      ...stamp,
    });
    const floorIds: number[] = [];
    for (const [i, name] of ['3F', '5F'].entries()) {
      const [id] = await trx('floors').insert({
        location_id: locationId,
        name,
        display_name: `${name} · ${i === 0 ? 'Meeting floor' : 'Open office'}`,
        sort: i + 1,
        ...stamp,
      });
      floorIds.push(Number(id));
    }

    const resourceIds: number[] = [];
    const resource = async (r: Record<string, unknown>) => {
      const [id] = await trx('resources').insert({
        location_id: locationId,
        time_zone: 'Asia/Shanghai',
        status: 1,
        ...stamp,
        ...r,
      });
      resourceIds.push(Number(id));
      places.push({
        id: Number(id),
        type: Number(r.type),
        pricePerHour: Number(r.price_per_hour),
        capacity: Number(r.capacity),
      });
      return Number(id);
    };
    for (const [i, [name, capacity, price]] of ROOMS.entries()) {
      await resource({
        name,
        type: 0,
        capacity,
        price_per_hour: price,
        floor_id: floorIds[i < 6 ? 0 : 1],
        sort: i + 1,
        area: capacity * 2.5,
        cable_count: Math.ceil(capacity / 4),
        port_count: Math.ceil(capacity / 4),
        outlet_count: capacity,
        description: `${capacity}-person meeting room`,
        pos_x: 80 + (i % 5) * 160,
        pos_y: 80 + Math.floor(i / 5) * 200,
      });
    }
    for (let i = 0; i < 40; i++) {
      await resource({
        name: `D-${String(i + 1).padStart(2, '0')}`,
        type: 1,
        capacity: 1,
        price_per_hour: 0,
        floor_id: floorIds[1],
        sort: 100 + i,
        pos_x: 100 + (i % 10) * 70,
        pos_y: 420 + Math.floor(i / 10) * 80,
        outlet_count: 2,
        port_count: 1,
      });
    }
    // Weekdays 08:00–20:00 for rooms, 07:00–22:00 for desks; weekends closed.
    const hours = resourceIds.flatMap((id, index) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        resource_id: id,
        weekday,
        enabled: weekday >= 1 && weekday <= 5,
        time_from: index < ROOMS.length ? '08:00' : '07:00',
        time_to: index < ROOMS.length ? '20:00' : '22:00',
      })),
    );
    for (let i = 0; i < hours.length; i += 100) await trx('resource_open_hours').insert(hours.slice(i, i + 100));

    for (const [i, [username, realName, department]] of PEOPLE.entries()) {
      const [id] = await trx('users').insert({
        username,
        real_name: realName,
        employee_no: `E${String(1001 + i)}`,
        password_hash: passwordHash,
        email: `${username}@atrium.example`,
        phone: `1380000${String(1000 + i)}`,
        department,
        workplace: 'Atrium HQ',
        cost_center: `CC-${department.slice(0, 3).toUpperCase()}`,
        credit_balance: 100_00,
        password_changed_at: now,
        ...stamp,
      });
      await trx('user_roles').insert({ user_id: Number(id), role_id: staffRole });
      people.push({ id: Number(id), employeeNo: `E${String(1001 + i)}`, phone: `1380000${String(1000 + i)}` });
    }
    openOffice = floorIds[1]!;
    await seedHistory(trx, now, places, people, {
      checkInWindowMinutes: Number(settings.checkInWindowMinutes),
      autoCancelTypes: String(settings.autoCancelResource ?? '')
        .split(',')
        .filter((x) => x.trim() !== '')
        .map(Number),
      blocklistMaxViolations: Number(settings.blocklistMaxViolations),
      blocklistPeriodDays: Number(settings.blocklistPeriodDays),
    });
  });

  // The plan goes in like an uploaded picture: the same checks of its bytes, size and kind.
  const plan = await uploadsService.storeImage(systemActor(), 'floorPlan', {
    fieldName: 'file',
    originalName: path.basename(FLOOR_PLAN),
    mime: 'image/png',
    size: fs.statSync(FLOOR_PLAN).size,
    path: FLOOR_PLAN,
  });
  await db('floors').where({ id: openOffice }).update({ plan_upload_id: plan.id, updated_at: now });
  await db('uploads').where({ id: plan.id }).update({ unused_since: null });
}
