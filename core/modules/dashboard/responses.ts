/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';

export const PanelView = z.object({
  id: z.number(),
  name: z.string(),
  locationId: z.number().nullable(),
  floorId: z.number().nullable(),
  logoUploadId: z.string().nullable(),
  environmentSlideSeconds: z.number(),
  bookingSlideSeconds: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const TopRow = z.object({
  id: z.number(),
  name: z.string(),
  bookedMinutes: z.number(),
  bookings: z.number(),
  utilisation: z.number(),
});
