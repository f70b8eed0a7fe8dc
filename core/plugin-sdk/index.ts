/**
 * The plugin SDK: the only surface plugins see. One provider interface per
 * integration kind, `definePlugin`, the context a provider gets, and zod for
 * the settings schema (re-exported so a plugin outside this repository uses the
 * same zod as the host).
 */
export { z } from 'zod';
export * from './kinds.ts';
export * from './context.ts';
export * from './define.ts';
export type * from './environment.ts';
export type * from './occupancy.ts';
export type * from './face.ts';
export type * from './eink.ts';
export type * from './access.ts';
export type * from './notify.ts';
export type * from './apps.ts';
export type * from './calendar.ts';
export type * from './switch.ts';
export type { BookingSnapshot, BookingTimes, BookingEvent, UserEvent, EventMap, EventName } from '../event-types.ts';
export { createTestContext, type TestContext } from './testing.ts';
export { signWebhook, signingKey } from './webhook-signature.ts';
export { tokenApi, type TokenApiAnswer, type TokenApiOptions } from './token-api.ts';
