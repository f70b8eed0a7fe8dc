import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { IconsService } from './icons.ts';
import { uploadsRoutes } from './routes.ts';
import { UploadsService } from './service.ts';
import { UploadsSweep } from './sweep.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    uploadsService: UploadsService;
    uploadsSweep: UploadsSweep;
    iconsService: IconsService;
  }
}

export { UploadsService, type StoredFile } from './service.ts';
export { IconsService } from './icons.ts';
export { UPLOAD_REFERENCES } from './sweep.ts';
export { imageSize } from './image-size.ts';
export { MAX_IMAGE_BYTES, MIN_FLOOR_PLAN, UPLOAD_TYPES, type UploadType } from './schema.ts';

export const uploadsModule: AtriumModule = {
  name: 'uploads',
  register(container) {
    container.register({
      uploadsService: asClass(UploadsService).singleton(),
      uploadsSweep: asClass(UploadsSweep).singleton(),
      iconsService: asClass(IconsService).singleton(),
    });
  },
  routes: uploadsRoutes,
  jobs: (c) => [
    { name: 'uploads.sweep', everySeconds: 86_400, run: async ({ now }) => void (await c.uploadsSweep.run(now)) },
  ],
};
