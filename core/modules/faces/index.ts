/**
 * People's face data for the face integration kind (docs/product-rules.md R20.7): consent, face images sealed at
 * rest, and enrolment at the face provider through the outbox. An enrolment's images are read when its row is
 * delivered: this module gives the plugin host the builder of face calls. A person whose account is disabled or
 * deleted is forgotten as soon as this process hears of it, and the `faces.sweep` job catches whoever a crash or
 * another process left behind.
 */
import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { facesRoutes } from './routes.ts';
import { FacesService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    facesService: FacesService;
  }
}

export { FacesService, type FaceRef } from './service.ts';
export { FACE_CONSENT_VERSION, ENROLMENT_STATES, type EnrolmentState } from './schema.ts';

export const facesModule: AtriumModule = {
  name: 'faces',
  register(container) {
    container.register({ facesService: asClass(FacesService).singleton() });
  },
  routes: facesRoutes,
  jobs: (c) => [{ name: 'faces.sweep', everySeconds: 60, run: async () => void (await c.facesService.sweep()) }],
  // Wherever the outbox worker may deliver a face row, its arguments are built here (images unsealed at delivery).
  start(c) {
    c.pluginHost.buildCallsWith('face', (row) => c.facesService.call(row));
    c.events.on('user.disabled', ({ userId }) => c.facesService.sweep([userId]));
    c.events.on('user.deleted', ({ userId }) => c.facesService.sweep([userId]));
  },
};
